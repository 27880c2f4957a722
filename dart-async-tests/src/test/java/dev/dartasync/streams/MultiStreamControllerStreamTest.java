package dev.dartasync.streams;

import static dev.dartasync.streams.StreamFutureSupport.expectThrows;

import dev.dartasync.DStream;
import dev.dartasync.Dart;
import dev.dartasync.UnsupportedError;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MultiStreamController.stream (stream_impl.dart {@code _MultiStreamController.stream}: {@code
 * throw UnsupportedError("Not available")}).
 */
class MultiStreamControllerStreamTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("stream throws 'Unsupported operation: Not available'; the controller still works")
  void streamIsNotAvailable() {
    Dart.run(
        () -> {
          DStream<Integer> multi =
              DStream.multi(
                  c -> {
                    ex.expect(1);
                    expectThrows(
                        ex, UnsupportedError.class, "Unsupported operation: Not available",
                        c::stream);
                    c.addSync(5);
                    c.closeSync();
                  });
          multi.listen(v -> ex.expect(2), () -> ex.expect(3));
        });
    ex.finish(4);
  }
}
