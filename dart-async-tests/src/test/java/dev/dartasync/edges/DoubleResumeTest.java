package dev.dartasync.edges;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dartasync.DFuture;
import dev.dartasync.Dart;
import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 6, bug 8 (second half): resuming a body twice must fail loudly and never corrupt the loop.
 * A DFuture that is not ours and calls its value callback twice is the way a user can do it.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DoubleResumeTest {

  @Test
  void aForeignFutureThatCallsBackTwiceGetsAnErrorOnTheSecondCall() {
    Object[] secondCall = new Object[1];
    @SuppressWarnings("unchecked")
    DFuture<String> twice =
        (DFuture<String>)
            Proxy.newProxyInstance(
                DFuture.class.getClassLoader(),
                new Class<?>[] {DFuture.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("then") && args.length == 2) {
                    @SuppressWarnings("unchecked")
                    Function<Object, Object> onValue = (Function<Object, Object>) args[0];
                    Dart.scheduleMicrotask(
                        () -> {
                          onValue.apply("first");
                          try {
                            onValue.apply("second");
                            secondCall[0] = "accepted";
                          } catch (Throwable e) {
                            secondCall[0] = e;
                          }
                        });
                    return null;
                  }
                  if (method.getName().equals("toString")) {
                    return "twice";
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    String[] after = new String[1];
    String v =
        Dart.run(
            () -> {
              String got = await(twice);
              after[0] = await(DFuture.value("loop intact"));
              return got;
            });
    assertEquals("first", v);
    assertEquals("loop intact", after[0]);
    IllegalStateException e = assertInstanceOf(IllegalStateException.class, secondCall[0]);
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
  }
}
