package dev.dartasync.examples.lecture;

/**
 * Lecture, "Common mistake: the unawaited future that escapes try/catch": the fix, {@code await saveScore(42)}.
 *
 * <p>Placeholder: the port of the lecture's Dart program replaces this body. It must call
 * {@code Dart.runMain(...)} itself, which exits the process with 255 on an uncaught error.
 */
public final class UnawaitedFixed {
    private UnawaitedFixed() {
    }

    public static void main(String[] args) {
        System.out.println("TODO port");
    }
}
