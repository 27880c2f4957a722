package dev.dartasync.examples.lecture;

/**
 * Lecture, "Exercises", 1: the output order of Future / Future.value().then / scheduleMicrotask / print.
 *
 * <p>Placeholder: the port of the lecture's Dart program replaces this body. It must call
 * {@code Dart.runMain(...)} itself, which exits the process with 255 on an uncaught error.
 */
public final class Exercise1 {
    private Exercise1() {
    }

    public static void main(String[] args) {
        System.out.println("TODO port");
    }
}
