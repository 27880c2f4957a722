package dev.dartasync.zones;

import dev.dartasync.Dart;
import dev.dartasync.RunHandler;
import dev.dartasync.Zone;
import dev.dartasync.ZoneSpecification;
import dev.dartasync.junit.Expect;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Port of the SDK's tests/lib/async/zone_fork_test.dart: a fork handler and ZoneSpecification.from. */
class ZoneForkTest {

  @RegisterExtension final Expect ex = new Expect();

  @Test
  @DisplayName("zone_fork_test: a fork handler rewrites the child's specification (run wrapped)")
  void forkHandlerWrapsTheChildsRunHandler() {
    Dart.run(
        () -> {
          Zone root = Zone.root();
          ex.checkSame(root, Zone.current(), "main runs in the root zone");
          Zone forked =
              Zone.current()
                  .fork(
                      ZoneSpecification.builder()
                          .fork(
                              (self, parent, origin, childSpec, values) -> {
                                // Still the zone where fork was called: the root.
                                ex.checkSame(root, Zone.current(), "zone in the fork handler");
                                ex.expect(2); // "forked.fork"
                                RunHandler descriptionRun = childSpec.run();
                                ZoneSpecification modified =
                                    ZoneSpecification.from(childSpec)
                                        .run(
                                            (s, p, o, f) -> {
                                              ex.expect(4); // "wrapped run"
                                              return descriptionRun.run(
                                                  s,
                                                  p,
                                                  o,
                                                  () -> {
                                                    ex.expect(6); // "wrapped f"
                                                    return f.call();
                                                  });
                                            })
                                        .build();
                                return parent.fork(origin, modified, values);
                              })
                          .build());

          ex.expect(1); // "start"
          Zone forkedChild =
              forked.fork(
                  ZoneSpecification.builder()
                      .run(
                          (self, parent, origin, f) -> {
                            ex.expect(5); // "executing child run"
                            return parent.run(origin, f);
                          })
                      .build());

          ex.expect(3); // "after child fork"
          ex.checkSame(root, Zone.current(), "zone after the fork");

          forkedChild.run(() -> ex.expect(7)); // "child run"

          ex.finish(8); // "after child run"
        });
  }
}
