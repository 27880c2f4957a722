package dev.dartasync.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Dart;
import org.junit.jupiter.api.Test;

/**
 * The build runs the whole suite once per carrier (Surefire executions in this module's pom); each
 * run names the carrier it means in {@code dartasync.expectedCarrier}, and this checks that the
 * JVM really runs it: a run that fell back to another carrier would test the wrong one.
 */
class CarrierUnderTestTest {

  @Test
  void theJvmRunsTheCarrierThisRunIsFor() {
    String expected = System.getProperty("dartasync.expectedCarrier");
    if (expected == null) {
      return; // Run by hand, outside the build: no claim to check.
    }
    assertEquals(expected, Dart.carrier().propertyValue());
  }
}
