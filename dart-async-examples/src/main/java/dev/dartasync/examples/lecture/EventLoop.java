package dev.dartasync.examples.lecture;

/**
 * Lecture, "The event loop: microtasks always go first": the A..K ordering program.
 *
 * <p>Placeholder: the port of the lecture's Dart program replaces this body. It must call
 * {@code Dart.runMain(...)} itself, which exits the process with 255 on an uncaught error.
 */
public final class EventLoop {
    private EventLoop() {
    }

    public static void main(String[] args) {
        System.out.println("TODO port");
    }
}
