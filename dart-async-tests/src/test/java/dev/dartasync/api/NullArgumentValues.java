package dev.dartasync.api;

import static dev.dartasync.Dart.await;

import dev.dartasync.AsyncError;
import dev.dartasync.Completer;
import dev.dartasync.DFuture;
import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.StackTrace;
import dev.dartasync.StateError;
import dev.dartasync.StreamController;
import dev.dartasync.StreamIterator;
import dev.dartasync.StreamSubscription;
import dev.dartasync.StreamTransformer;
import dev.dartasync.Timer;
import dev.dartasync.WaitOption;
import dev.dartasync.Zone;
import dev.dartasync.ZoneDelegate;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.isolate.Capability;
import dev.dartasync.isolate.Isolate;
import dev.dartasync.isolate.RawReceivePort;
import dev.dartasync.isolate.ReceivePort;
import dev.dartasync.isolate.SendPort;
import dev.dartasync.isolate.SpawnOptions;
import dev.dartasync.isolate.TransferableTypedData;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Harmless non-null values for {@link NullArgumentsTest}: an argument of each parameter type, and a
 * receiver of each API type whose instance methods take references. All are made on the calling
 * isolate, and none schedules anything that could outlive the test case.
 */
final class NullArgumentValues {
  private NullArgumentValues() {}

  /** Receivers that exist only inside a callback of the library; the action runs in there. */
  private interface InsideCallback {
    Object with(Function<Object, Object> action) throws Exception;
  }

  /** A FakeAsync whose run ended, made on a thread of its own (not on the calling isolate). */
  private static dev.dartasync.fakeasync.FakeAsync endedFakeAsync() {
    dev.dartasync.fakeasync.FakeAsync[] made = new dev.dartasync.fakeasync.FakeAsync[1];
    Thread maker =
        Thread.ofPlatform().start(() -> made[0] = dev.dartasync.fakeasync.FakeAsync.run(f -> f));
    try {
      maker.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return java.util.Objects.requireNonNull(made[0], "FakeAsync.run did not return in 10 s");
  }

  /** Receivers made directly, by type; a type's methods are driven on each of its receivers. */
  private static final Map<Class<?>, List<Supplier<Object>>> RECEIVERS = new LinkedHashMap<>();

  /** Receivers for the interfaces no entry above names: the first instance of the type serves. */
  private static final List<Supplier<Object>> FALLBACKS = new ArrayList<>();

  /** Receivers that must be released (see {@link #release}): never given as an argument. */
  private static final Set<Class<?>> HELD =
      Set.of(ReceivePort.class, RawReceivePort.class, Timer.class, StreamSubscription.class);

  private static final Map<Class<?>, InsideCallback> CALLBACK_RECEIVERS = new LinkedHashMap<>();

  @SafeVarargs
  private static void receiver(Class<?> type, Supplier<Object>... makers) {
    List<Supplier<Object>> list = new ArrayList<>();
    for (Supplier<Object> maker : makers) {
      list.add(maker);
    }
    RECEIVERS.put(type, list);
  }

  static {
    receiver(DFuture.class, () -> DFuture.value(1));
    receiver(Completer.class, Completer::new);
    receiver(StreamController.class, StreamController::new);
    receiver(
        DStream.class,
        DStream::empty,
        () -> new StreamController<Object>().stream(),
        () -> StreamController.broadcast().stream());
    receiver(StreamSubscription.class, () -> DStream.empty().listen(null));
    receiver(StreamIterator.class, () -> new StreamIterator<>(DStream.empty()));
    receiver(
        StreamTransformer.class,
        () -> StreamTransformer.fromBind(s -> s),
        () -> StreamTransformer.fromHandlers(null, null, null),
        () -> StreamTransformer.of((stream, cancelOnError) -> stream.listen(null)),
        () -> StreamTransformer.fromBind(s -> s).cast(Object.class, Object.class));
    receiver(Zone.class, Zone::current);
    receiver(ZoneSpecification.Builder.class, ZoneSpecification::builder);
    receiver(ZoneSpecification.class, () -> ZoneSpecification.builder().build());
    receiver(AsyncError.class, () -> new AsyncError(new StateError("x"), null));
    receiver(StackTrace.class, StackTrace::empty);
    receiver(Timer.class, () -> Timer.run(() -> {}));
    receiver(Isolate.class, Isolate::current);
    receiver(ReceivePort.class, ReceivePort::new);
    receiver(RawReceivePort.class, RawReceivePort::new);
    receiver(SendPort.class, NullArgumentValues::closedSendPort);
    receiver(SpawnOptions.class, SpawnOptions::defaults);
    receiver(Capability.class, Capability::new);
    receiver(TransferableTypedData.class, () -> TransferableTypedData.fromList(List.of()));
    // FakeAsync.run cannot run inside the isolate this test drives members on: a FakeAsync whose
    // run ended serves (arguments are checked before anything looks at the run).
    receiver(dev.dartasync.fakeasync.FakeAsync.class, NullArgumentValues::endedFakeAsync);
    // Only as a fallback, for the sink interfaces (EventSink, StreamSink, ...) it implements.
    FALLBACKS.add(() -> new StreamController<Object>().sink());

    CALLBACK_RECEIVERS.put(
        dev.dartasync.MultiStreamController.class,
        action -> {
          Object[] outcome = new Object[1];
          await(
              DStream.multi(
                      controller -> {
                        outcome[0] = action.apply(controller);
                        controller.closeSync();
                      })
                  .drain());
          return outcome[0];
        });
    CALLBACK_RECEIVERS.put(
        dev.dartasync.AsyncStarSink.class,
        action -> {
          Object[] outcome = new Object[1];
          await(Dart.asyncStar(sink -> outcome[0] = action.apply(sink)).drain());
          return outcome[0];
        });
    CALLBACK_RECEIVERS.put(
        ZoneDelegate.class,
        action -> {
          Object[] outcome = new Object[1];
          Zone.current()
              .fork(
                  ZoneSpecification.builder()
                      .print((self, parent, zone, line) -> outcome[0] = action.apply(parent))
                      .build())
              .print("x");
          return outcome[0];
        });
  }

  /** How many receivers {@code type}'s instance methods are driven on. */
  static int receiverCount(Class<?> type) {
    List<Supplier<Object>> listed = RECEIVERS.get(type);
    return listed == null ? 1 : listed.size();
  }

  /** Whether a receiver of exactly {@code type} is listed here (not found by a fallback). */
  static boolean hasExplicitReceiver(Class<?> type) {
    return CALLBACK_RECEIVERS.containsKey(type) || RECEIVERS.containsKey(type);
  }

  /**
   * Runs {@code action} with a receiver of {@code type} and returns what it returns; the receiver
   * is released afterwards (ports closed, subscriptions and timers cancelled).
   */
  static Object withReceiver(Class<?> type, int variant, Function<Object, Object> action)
      throws Exception {
    InsideCallback inside = CALLBACK_RECEIVERS.get(type);
    if (inside != null) {
      return inside.with(action);
    }
    Object receiver = receiver(type, variant);
    try {
      return action.apply(receiver);
    } finally {
      release(receiver);
    }
  }

  private static Object receiver(Class<?> type, int variant) {
    List<Supplier<Object>> exact = RECEIVERS.get(type);
    if (exact != null) {
      return exact.get(variant).get();
    }
    Object found = instanceOf(type, true);
    if (found != null) {
      return found;
    }
    Constructor<?> constructor = constructible(type);
    if (constructor == null) {
      throw new IllegalStateException(
          "no receiver for " + type.getName() + ": add one to NullArgumentValues");
    }
    try {
      return constructor.newInstance(argumentsFor(constructor.getParameterTypes()));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a " + type.getName(), e);
    }
  }

  /**
   * The first listed receiver that is an instance of {@code type} (for an interface added to the
   * API later, e.g. one our controllers implement), or null; {@code held} ones only if allowed.
   */
  private static Object instanceOf(Class<?> type, boolean held) {
    List<Supplier<Object>> candidates = new ArrayList<>();
    RECEIVERS.forEach((t, makers) -> {
      if (held || !HELD.contains(t)) {
        candidates.addAll(makers);
      }
    });
    candidates.addAll(FALLBACKS);
    for (Supplier<Object> candidate : candidates) {
      Object made = candidate.get();
      if (type.isInstance(made)) {
        return made;
      }
      release(made);
    }
    return null;
  }

  private static Constructor<?> constructible(Class<?> type) {
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      return null;
    }
    Constructor<?>[] constructors = type.getConstructors();
    return constructors.length == 0 ? null : constructors[0];
  }

  private static Object[] argumentsFor(Class<?>[] types) {
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = valueOf(types[i]);
    }
    return args;
  }

  /** Releases what a receiver or a call's result may hold on to, so the isolate can end. */
  static void release(Object o) {
    if (o instanceof ReceivePort port) {
      port.close();
    } else if (o instanceof RawReceivePort port) {
      port.close();
    } else if (o instanceof StreamSubscription<?> subscription) {
      subscription.cancel();
    } else if (o instanceof Timer timer) {
      timer.cancel();
    }
  }

  private static SendPort closedSendPort() {
    RawReceivePort port = new RawReceivePort();
    port.close();
    return port.sendPort();
  }

  /** A harmless non-null value of {@code type}. */
  static Object valueOf(Class<?> type) {
    if (type.isPrimitive()) {
      return zeroOf(type);
    }
    if (type.isArray()) {
      return Array.newInstance(type.getComponentType(), 0);
    }
    if (type == String.class || type == Object.class || type == CharSequence.class) {
      return "x";
    }
    if (type == Integer.class || type == Number.class) {
      return 1;
    }
    if (type == Boolean.class) {
      return false;
    }
    if (type == Duration.class) {
      return Duration.ZERO;
    }
    if (type == java.time.Instant.class) {
      return java.time.Instant.EPOCH;
    }
    if (type == Class.class) {
      return RuntimeException.class; // serves cast(Class<R>) and onError(Class<E extends Throwable>)
    }
    if (type.isAssignableFrom(StateError.class)) {
      return new StateError("x");
    }
    if (type == Iterable.class || type == java.util.Collection.class || type == List.class) {
      return List.of();
    }
    if (type == Set.class) {
      return Set.of();
    }
    if (type == Map.class) {
      return Map.of();
    }
    if (type == Iterator.class) {
      return Collections.emptyIterator();
    }
    if (type == Stream.class) {
      return Stream.empty();
    }
    if (type == CompletionStage.class || type == CompletableFuture.class) {
      return CompletableFuture.completedFuture(1);
    }
    if (type == WaitOption.class) {
      return WaitOption.eagerError(false);
    }
    if (type == SendPort.class) {
      return closedSendPort();
    }
    List<Supplier<Object>> receivers = RECEIVERS.get(type);
    if (receivers != null && !HELD.contains(type)) {
      return receivers.get(0).get();
    }
    if (isFunctional(type)) {
      return callback(type);
    }
    Object found = type.isInterface() ? instanceOf(type, false) : null;
    if (found != null) {
      return found;
    }
    throw new IllegalStateException(
        "no value for a parameter of type " + type.getName() + ": add one to NullArgumentValues");
  }

  /** An interface with a single abstract method (besides Object's): a Java lambda type. */
  static boolean isFunctional(Class<?> type) {
    if (!type.isInterface()) {
      return false;
    }
    int abstractMethods = 0;
    for (Method m : type.getMethods()) {
      if (Modifier.isAbstract(m.getModifiers()) && !isObjectMethod(m)) {
        abstractMethods++;
      }
    }
    return abstractMethods == 1;
  }

  private static boolean isObjectMethod(Method m) {
    try {
      Object.class.getMethod(m.getName(), m.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** A do-nothing implementation of a functional interface, like {@code (...) -> zero}. */
  private static Object callback(Class<?> type) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
              case "equals" -> proxy == args[0];
              case "hashCode" -> System.identityHashCode(proxy);
              default -> "a test callback of type " + type.getSimpleName();
            };
          }
          if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          return method.getReturnType().isPrimitive() ? zeroOf(method.getReturnType()) : null;
        };
    return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler);
  }

  private static Object zeroOf(Class<?> primitive) {
    if (primitive == boolean.class) {
      return false;
    }
    if (primitive == void.class) {
      return null;
    }
    if (primitive == char.class) {
      return '\0';
    }
    return switch (primitive.getName()) {
      case "byte" -> (byte) 0;
      case "short" -> (short) 0;
      case "int" -> 0;
      case "long" -> 0L;
      case "float" -> 0f;
      default -> 0d;
    };
  }

}
