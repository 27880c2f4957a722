/**
 * dart-async for Java: Dart's async model (isolates with an event loop and a microtask queue,
 * futures, streams, {@code async}/{@code await}, {@code async*} generators, zones) on virtual
 * threads.
 *
 * <p>Exports the API only: {@code dev.dartasync} (futures, streams, zones, timers), {@code
 * dev.dartasync.isolate} (isolates, ports, {@code IsolateLocal}) and {@code
 * dev.dartasync.fakeasync} (fake time for tests). The implementation, {@code
 * dev.dartasync.internal}, is exported to the JUnit 5 support module alone (its test hooks), so
 * that user code on the module path cannot reach it. On the module path the default carrier's
 * flag reads {@code --add-opens java.base/java.lang=dev.dartasync}; without it the library runs
 * on the flag-free carrier.
 */
module dev.dartasync {
  requires transitive io.vavr; // Future.wait over tuples: Tuple2 .. Tuple8 in the API.
  requires org.slf4j; // The library's own log lines (dropped work, the blocked-loop detector).
  requires jdk.jfr; // Loop-turn events for Flight Recorder; never linked unless a recording runs.

  exports dev.dartasync;
  exports dev.dartasync.isolate;
  exports dev.dartasync.fakeasync;
  exports dev.dartasync.internal to
      dev.dartasync.junit;
}
