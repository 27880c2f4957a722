package com.example;

import static dev.dartasync.Dart.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dartasync.Dart;
import org.junit.jupiter.api.Test;

class MainTest {
  @Test
  void awaitsTheAnswer() {
    int answer = Dart.run(() -> await(Main.answerLater()));
    assertEquals(42, answer);
  }
}
