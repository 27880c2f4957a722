package dev.dartasync.examples.lecture;

/**
 * Lecture, "Exercises", 2: profile and feed loaded with record .wait, ParallelWaitError caught.
 *
 * <p>Placeholder: the port of the lecture's Dart program replaces this body. It must call
 * {@code Dart.runMain(...)} itself, which exits the process with 255 on an uncaught error.
 */
public final class Exercise2 {
    private Exercise2() {
    }

    public static void main(String[] args) {
        System.out.println("TODO port");
    }
}
