package dev.dartasync.api;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.ArgumentError;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StreamController;
import dev.dartasync.Timer;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.isolate.Capability;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.ReceivePort;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.TypeVariable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One null check, everywhere: every public constructor and method of every public type in {@code
 * dev.dartasync} and {@code dev.dartasync.isolate}, called with null for each reference parameter
 * Dart does not allow to be null (and harmless values elsewhere), throws Dart's {@code Invalid
 * argument(s) (name): Must not be null} at once, never a bare NullPointerException.
 *
 * <p>Found by reflection, so API added later is covered without editing this test; what Dart lets
 * be null is listed in {@link #NULLABLE}, each with Dart's signature as the reason.
 */
class NullArgumentsTest {

  /** Dart's text for a null argument; the name is a Dart parameter name, maybe indexed. */
  private static final Pattern NOT_NULL =
      Pattern.compile("Invalid argument\\(s\\) \\(([a-z][A-Za-z0-9]*(\\[\\d+\\])?)\\): Must not be null");

  /**
   * Parameters Dart allows to be null, besides two rules: a parameter of a type variable ({@code
   * T}, {@code E}: Dart's type argument may itself be nullable, as in {@code Completer<int?>}) and
   * one of type {@code Object} (Dart's {@code Object?}: messages, keys, responses).
   *
   * <p>A key is {@code Type.member} (all reference parameters; {@code <init>} for constructors),
   * {@code Type.member#i} (the i-th parameter) or {@code Type.member:Class} (the parameters of that
   * class); {@code *} as member means every member. {@code Type} may be a supertype in the API.
   */
  private static final Map<String, String> NULLABLE = new LinkedHashMap<>();

  /**
   * Members that cannot be driven by this test ({@code Type.member} to the reason). Empty today:
   * every member can be called with harmless values, inside {@link Dart#run}.
   */
  private static final Map<String, String> NOT_DRIVEN = new LinkedHashMap<>();

  private static void nullable(String reason, String... keys) {
    for (String key : keys) {
      NULLABLE.put(key, reason);
    }
  }

  static {
    nullable(
        "listen(void onData(T)?, {Function? onError, void onDone()?, bool? cancelOnError})",
        "DStream.listen");
    nullable(
        "StreamSubscription: onData(handleData?), onError(Function?), onDone(handleDone?),"
            + " pause([Future<void>? resumeSignal])",
        "StreamSubscription.onData",
        "StreamSubscription.onError",
        "StreamSubscription.onDone",
        "StreamSubscription.pause");
    nullable(
        "StreamController({onListen?, onPause?, onResume?, onCancel?}), .broadcast({onListen?,"
            + " onCancel?}); the onListen/onPause/onResume/onCancel setters take null",
        "StreamController.<init>",
        "StreamController.sync",
        "StreamController.broadcast",
        "StreamController.onListen",
        "StreamController.onPause",
        "StreamController.onResume",
        "StreamController.onCancel",
        "MultiStreamController.onPause",
        "MultiStreamController.onResume",
        "MultiStreamController.onCancel");
    nullable(
        "an error's stack trace is optional: addError(error, [StackTrace? stackTrace]) and alike",
        "Completer.completeError:StackTrace",
        "DFuture.error:StackTrace",
        "DStream.error:StackTrace",
        "EventSink.addError:StackTrace",
        "StreamController.addError:StackTrace",
        "MultiStreamController.addError:StackTrace",
        "MultiStreamController.addErrorSync:StackTrace",
        "AsyncError.<init>:StackTrace",
        "Zone.errorCallback:StackTrace",
        "ZoneDelegate.errorCallback:StackTrace");
    nullable(
        "runZoned(body, {zoneValues?, zoneSpecification?}), fork({specification?, zoneValues?})",
        "Dart.runZoned:Map",
        "Dart.runZoned:ZoneSpecification",
        "Dart.runZonedGuarded:Map",
        "Dart.runZonedGuarded:ZoneSpecification",
        "Zone.fork:Map",
        "Zone.fork:ZoneSpecification",
        "ZoneDelegate.fork:Map",
        "ZoneDelegate.fork:ZoneSpecification");
    nullable("every handler of ZoneSpecification(...) is optional", "ZoneSpecification$Builder.*");
    nullable(
        "optional callbacks: then(onValue, {Function? onError}), catchError(onError, {test?}),"
            + " onError<E>(handleError, {test?}), timeout(limit, {onTimeout?})",
        "DFuture.then#1",
        "DFuture.thenAccept#1",
        "DFuture.catchError#1",
        "DFuture.catchErrorAccept#1",
        "DFuture.onError#2",
        "DFuture.timeout#1");
    nullable(
        "Future.value([FutureOr<T>? value]); Future.delayed(duration, [computation?])",
        "DFuture.value",
        "DFuture.delayed#1");
    nullable(
        "optional stream callbacks: timeout(limit, {onTimeout?}), firstWhere(test, {orElse?})...,"
            + " asBroadcastStream({onListen?, onCancel?}), distinct([equals?]),"
            + " handleError(onError, {test?}), Stream.periodic(period, [computation?])",
        "DStream.timeout#1",
        "DStream.firstWhere#1",
        "DStream.lastWhere#1",
        "DStream.singleWhere#1",
        "DStream.asBroadcastStream",
        "DStream.distinct",
        "DStream.handleError#1",
        "DStream.periodic#1");
    nullable(
        "StreamTransformer.fromHandlers({handleData?, handleError?, handleDone?})",
        "StreamTransformer.fromHandlers");
    nullable("Future.wait(futures, {cleanUp?}): WaitOption.cleanUp(null) is no clean-up",
        "WaitOption.cleanUp");
    nullable(
        "await null and unawaited(Future<void>? future)", "Dart.await#0", "Dart.unawaited");
    nullable(
        "string interpolation of null is 'null'; str(a, b, null) gets Java's null array",
        "Dart.str");
    nullable(
        "isolates: Isolate.run/compute({String? debugName}), exit([SendPort?, Object?]),"
            + " pause([Capability?]), spawn's {onExit?, onError?, debugName?}",
        "Isolate.run:String",
        "Isolate.compute:String",
        "Isolate.exit",
        "Isolate.pause",
        "SpawnOptions.onExit",
        "SpawnOptions.onError",
        "SpawnOptions.debugName");
    nullable(
        "RawReceivePort([Function? handler, debugName]), set handler(Function?),"
            + " ReceivePort([debugName]): a null debugName is the default ''",
        "RawReceivePort.<init>",
        "RawReceivePort.setHandler",
        "ReceivePort.<init>");
    nullable(
        "ArgumentError([message, name]), .value(value, [name, message]), .notNull([name]),"
            + " checkNotNull(T? argument, [name])",
        "ArgumentError.*");
    nullable(
        "RangeError(message), RangeError.value(value, [String? name, String? message]),"
            + " .range(value, int? min, int? max, [name, message]), checkValidRange(start,"
            + " int? end, length, ...), IndexError.withLength(index, length, {indexable?, name?,"
            + " message?})",
        "RangeError.<init>",
        "RangeError.*:String",
        "RangeError.range#1",
        "RangeError.range#2",
        "RangeError.checkValidRange#1",
        "IndexError.*:String");
    nullable(
        "TimeoutException(String? message, [Duration? duration])", "TimeoutException.<init>");
    nullable(
        "ParallelWaitError(values, errors, {errorCount?, AsyncError? defaultError})",
        "ParallelWaitError.<init>#3");
    nullable(
        "RemoteError's stack description: the Java API documents null as none (\"\")",
        "RemoteError.<init>#1");
    nullable(
        "Java-only helpers for a catch (Throwable) of the user's: like instanceof, null is no exit",
        "Isolate.isExit",
        "Isolate.rethrowIfExit");
  }

  @Test
  @Timeout(120)
  @DisplayName("null for a parameter Dart does not allow to be null: Dart's ArgumentError naming it")
  void everyNonNullableParameterIsChecked() {
    List<String> failures = new ArrayList<>();
    Set<String> usedKeys = new HashSet<>();
    int cases = 0;
    List<Class<?>> types = ApiScan.publicTypes();
    for (Class<?> type : types) {
      for (Executable member : ApiScan.publicMembers(type)) {
        String notDriven = lookup(NOT_DRIVEN, member, -1, usedKeys);
        if (notDriven != null) {
          continue;
        }
        if (isUserCode(member)) {
          continue;
        }
        Map<String, Integer> nameAt = new HashMap<>();
        Class<?>[] parameters = member.getParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
          if (!mustNotBeNull(member, i, usedKeys)) {
            continue;
          }
          int receivers =
              member instanceof Method m && !Modifier.isStatic(m.getModifiers())
                  ? NullArgumentValues.receiverCount(type)
                  : 1;
          for (int r = 0; r < receivers; r++) {
            cases++;
            String failure = check(member, i, r, nameAt);
            if (failure != null) {
              failures.add(failure + (receivers > 1 ? " (receiver " + r + ")" : ""));
            }
          }
        }
      }
    }
    List<String> stale = new ArrayList<>();
    for (String key : NULLABLE.keySet()) {
      if (!usedKeys.contains(key)) {
        stale.add("NULLABLE: " + key);
      }
    }
    for (String key : NOT_DRIVEN.keySet()) {
      if (!usedKeys.contains(key)) {
        stale.add("NOT_DRIVEN: " + key);
      }
    }
    assertEquals(List.of(), stale, "allow-list entries that match no parameter");
    assertTrue(cases > 150, "only " + cases + " parameters checked: is the scan broken?");
    assertEquals(
        "",
        String.join("\n", failures),
        failures.size() + " of " + cases + " null arguments went unchecked:");
  }

  @Test
  @DisplayName("a parameter Dart lets be null takes null: Isolate.pause(null) is pause()")
  void pauseNullIsPause() {
    List<String> log = new ArrayList<>();
    Dart.run(
        () -> {
          Isolate isolate = Isolate.current();
          Capability resume = isolate.pause(null);
          assertNotNull(resume);
          assertNotSame(isolate.pauseCapability(), resume);
          Timer.run(() -> log.add("timer"));
          log.add("paused");
          isolate.resume(resume);
        });
    assertEquals(List.of("paused", "timer"), log);
  }

  @Test
  @DisplayName("Stream.periodic(period, null) is Stream.periodic(period): every event is null")
  void periodicNullComputation() {
    List<Object> events =
        Dart.run(
            () ->
                await(DStream.<Object>periodic(Duration.ofMillis(1), null).take(2).toList()));
    assertEquals(Arrays.asList(null, null), events);
  }

  @Test
  @DisplayName("the scan finds the API's types, nested public ones too, and nothing internal")
  void scanFindsTheApi() {
    List<Class<?>> types = ApiScan.publicTypes();
    assertTrue(types.contains(Timer.class), types::toString);
    assertTrue(types.contains(ReceivePort.class), types::toString);
    assertTrue(types.contains(ZoneSpecification.Builder.class), types::toString);
    assertTrue(types.contains(StreamController.class), types::toString);
    for (Class<?> type : types) {
      assertTrue(ApiScan.PACKAGES.contains(type.getPackageName()), type::getName);
    }
  }

  /**
   * The abstract method of a callback type with no receiver in {@link NullArgumentValues} (a
   * {@code ThrowingRunnable}, a zone handler) is the user's code, not an entry point.
   */
  private static boolean isUserCode(Executable member) {
    return member instanceof Method m
        && Modifier.isAbstract(m.getModifiers())
        && NullArgumentValues.isFunctional(m.getDeclaringClass())
        && !NullArgumentValues.hasExplicitReceiver(m.getDeclaringClass());
  }

  private static boolean mustNotBeNull(Executable member, int index, Set<String> usedKeys) {
    Class<?> type = member.getParameterTypes()[index];
    if (type.isPrimitive() || type == Object.class) {
      return false;
    }
    if (member.getGenericParameterTypes()[index] instanceof TypeVariable<?>) {
      return false;
    }
    return lookup(NULLABLE, member, index, usedKeys) == null;
  }

  /** The reason an allow-list gives for the member (index -1) or its index-th parameter. */
  private static String lookup(
      Map<String, String> list, Executable member, int index, Set<String> usedKeys) {
    String name = member instanceof Constructor<?> ? "<init>" : member.getName();
    List<String> keys = new ArrayList<>();
    for (Class<?> owner : owners(member.getDeclaringClass())) {
      String typeName = owner.getName().substring(owner.getPackageName().length() + 1);
      for (String m : List.of(name, "*")) {
        keys.add(typeName + "." + m);
        if (index >= 0) {
          keys.add(typeName + "." + m + "#" + index);
          keys.add(typeName + "." + m + ":" + member.getParameterTypes()[index].getSimpleName());
        }
      }
    }
    for (String key : keys) {
      String reason = list.get(key);
      if (reason != null) {
        usedKeys.add(key);
        return reason;
      }
    }
    return null;
  }

  /** The type and its supertypes inside the API packages. */
  private static List<Class<?>> owners(Class<?> type) {
    List<Class<?>> owners = new ArrayList<>();
    List<Class<?>> todo = new ArrayList<>(List.of(type));
    while (!todo.isEmpty()) {
      Class<?> t = todo.remove(0);
      if (t == null || owners.contains(t) || !ApiScan.PACKAGES.contains(t.getPackageName())) {
        continue;
      }
      owners.add(t);
      todo.add(t.getSuperclass());
      todo.addAll(List.of(t.getInterfaces()));
    }
    return owners;
  }

  /** Calls {@code member} with null at {@code index}; a failure's text, or null if it passed. */
  private static String check(
      Executable member, int index, int receiver, Map<String, Integer> nameAt) {
    String where = describe(member, index);
    Object[] outcome = new Object[1];
    try {
      Dart.run(
          () -> {
            outcome[0] = invoke(member, index, receiver);
          });
    } catch (Throwable afterwards) {
      if (outcome[0] == null) {
        return where + ": the isolate failed before the call returned: " + afterwards;
      }
      // The call returned normally and left something failing behind: reported below.
    }
    if (!(outcome[0] instanceof Throwable thrown)) {
      return where + ": returned normally (" + outcome[0] + ")";
    }
    if (!(thrown instanceof ArgumentError)) {
      return where + ": threw " + thrown.getClass().getName() + ": " + thrown.getMessage();
    }
    Matcher text = NOT_NULL.matcher(thrown.toString());
    if (!text.matches()) {
      return where + ": threw " + thrown;
    }
    Integer other = nameAt.putIfAbsent(text.group(1), index);
    if (other != null && other != index) {
      return where + ": names " + text.group(1) + ", as for the parameter at " + other;
    }
    return null;
  }

  /** Runs on the isolate: returns what the call threw, or a text saying what it returned. */
  private static Object invoke(Executable member, int index, int receiver) throws Exception {
    Class<?>[] types = member.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = i == index ? null : NullArgumentValues.valueOf(types[i]);
    }
    if (member instanceof Constructor<?> c) {
      return call(() -> c.newInstance(args));
    }
    Method m = (Method) member;
    if (Modifier.isStatic(m.getModifiers())) {
      return call(() -> m.invoke(null, args));
    }
    return NullArgumentValues.withReceiver(
        m.getDeclaringClass(), receiver, on -> call(() -> m.invoke(on, args)));
  }

  private interface Call {
    Object run() throws ReflectiveOperationException;
  }

  private static Object call(Call call) {
    try {
      Object result = call.run();
      NullArgumentValues.release(result);
      return "result " + result;
    } catch (InvocationTargetException e) {
      return e.getCause();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String describe(Executable member, int index) {
    StringBuilder text =
        new StringBuilder(member.getDeclaringClass().getSimpleName())
            .append('.')
            .append(member instanceof Constructor<?> ? "<init>" : member.getName())
            .append('(');
    Class<?>[] types = member.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      text.append(i == 0 ? "" : ", ")
          .append(i == index ? "null " : "")
          .append(types[i].getSimpleName());
    }
    return text.append(')').toString();
  }
}
