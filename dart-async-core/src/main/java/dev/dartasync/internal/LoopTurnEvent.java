package dev.dartasync.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A JDK Flight Recorder event for one turn of an isolate's event loop that took at least the
 * threshold (20 ms unless a recording's settings say otherwise): an event's callback, a drain of
 * the microtask queue, or a timer event. JDK Mission Control shows them per thread on a timeline,
 * so that it shows where an isolate's time goes (the jank the lecture is about). Written only by
 * {@link LoopEvents}, which never links this class on a JDK without {@code jdk.jfr}.
 */
@Name("dev.dartasync.LoopTurn")
@Label("Isolate Loop Turn")
@Category("dart-async")
@Description("One turn of an isolate's event loop: an event, a microtask drain or a timer event")
@Threshold("20 ms")
@StackTrace(false)
final class LoopTurnEvent extends jdk.jfr.Event {

  @Label("Isolate")
  @Description("The isolate's debug name (main for the main isolate)")
  String isolate;

  @Label("Kind")
  @Description("event, microtasks or timer")
  String kind;
}
