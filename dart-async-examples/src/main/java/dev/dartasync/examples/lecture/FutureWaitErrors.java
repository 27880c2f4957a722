package dev.dartasync.examples.lecture;

/**
 * Lecture, "Future, async/await and Future.wait, measured": the failure behaviour (Future.wait, eagerError, record .wait).
 *
 * <p>Placeholder: the port of the lecture's Dart program replaces this body. It must call
 * {@code Dart.runMain(...)} itself, which exits the process with 255 on an uncaught error.
 */
public final class FutureWaitErrors {
    private FutureWaitErrors() {
    }

    public static void main(String[] args) {
        System.out.println("TODO port");
    }
}
