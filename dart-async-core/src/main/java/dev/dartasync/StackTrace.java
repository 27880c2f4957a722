package dev.dartasync;

import dev.dartasync.internal.DartFrames;

/**
 * A Dart-style stack trace: Java frames rendered in the Dart VM's format.
 *
 * <p>{@link #toString()} prints one line per visible frame, each terminated by {@code \n} as in the VM:
 * <pre>
 * #0      saveScore (Unawaited.java:41)
 * #1      main (Unawaited.java:12)
 * &lt;asynchronous suspension&gt;
 * </pre>
 * Lambda bodies are named after their enclosing method, constructors {@code new ClassName}; frames
 * of the JDK's virtual-thread machinery and of this library's engine are left out (see
 * {@link DartFrames}). The last line {@code <asynchronous suspension>} appears when the trace is
 * marked as taken after an async function had suspended ({@link #of(Throwable, boolean)}).
 *
 * <p>Like Dart's {@code StackTrace}, instances are compared by identity.
 */
public final class StackTrace {
    private static final StackTraceElement[] NO_FRAMES = new StackTraceElement[0];
    private static final StackTrace EMPTY = new StackTrace(NO_FRAMES, null, false, "");

    /**
     * The Java frames, innermost first; null until first needed when {@link #source} is set.
     * Volatile: another thread (a foreign awaiter printing the error) must see the whole array.
     */
    private volatile StackTraceElement[] frames;
    /**
     * The throwable whose frames these are, for a trace made by {@link #of(Throwable, boolean)}.
     * Its frames are materialised lazily: {@link Throwable#getStackTrace()} builds one
     * StackTraceElement per frame (microseconds for a deep stack), and every error that flows
     * through a future gets a trace that is usually never printed. A Java throwable captures its
     * stack when it is created, so reading it later gives the same frames.
     */
    private final Throwable source;
    private final boolean asyncSuspension;
    /** The text of {@link #empty()} and {@link #fromString(String)} traces; {@code null} otherwise. */
    private final String fixedText;
    private volatile String rendered;

    private StackTrace(
            StackTraceElement[] frames, Throwable source, boolean asyncSuspension, String fixedText) {
        this.frames = frames;
        this.source = source;
        this.asyncSuspension = asyncSuspension;
        this.fixedText = fixedText;
    }

    /** The frames, materialised from {@link #source} on first use. */
    private StackTraceElement[] rawFrames() {
        StackTraceElement[] f = frames;
        if (f == null) {
            f = source.getStackTrace();
            frames = f;
        }
        return f;
    }

    /**
     * The stack trace of the caller, like Dart's {@code StackTrace.current}: its first frame is the
     * method that called {@code current()}.
     *
     * @return the current stack trace
     */
    public static StackTrace current() {
        StackTraceElement[] all = new Throwable().getStackTrace();
        int skip = 0;
        while (skip < all.length && all[skip].getClassName().equals(StackTrace.class.getName())) {
            skip++;
        }
        StackTraceElement[] frames = new StackTraceElement[all.length - skip];
        System.arraycopy(all, skip, frames, 0, frames.length);
        return new StackTrace(frames, null, false, null);
    }

    /**
     * The empty stack trace, Dart's {@code StackTrace.empty}: renders as {@code ""} and has no frames.
     *
     * @return the shared empty stack trace
     */
    public static StackTrace empty() {
        return EMPTY;
    }

    /**
     * A stack trace whose text is {@code text}, Dart's {@code StackTrace.fromString}: {@link #toString()}
     * returns {@code text} unchanged; it has no {@link #frames()}.
     *
     * @param text the stack trace text
     * @return a stack trace printing {@code text}
     */
    public static StackTrace fromString(String text) {
        if (text == null) {
            throw ArgumentError.notNull("text");
        }
        return new StackTrace(NO_FRAMES, null, false, text);
    }

    /**
     * The stack trace of a throwable: its Java frames, rendered the Dart way.
     *
     * @param throwable any throwable
     * @return a stack trace over {@code throwable.getStackTrace()}
     */
    public static StackTrace of(Throwable throwable) {
        return of(throwable, false);
    }

    /**
     * The stack trace of a throwable, optionally followed by the {@code <asynchronous suspension>} line
     * Dart prints after the frames of an async function that had suspended before it threw.
     *
     * @param throwable any throwable
     * @param asyncSuspension whether the rendering ends with {@code <asynchronous suspension>}
     * @return a stack trace over {@code throwable.getStackTrace()}
     */
    public static StackTrace of(Throwable throwable, boolean asyncSuspension) {
        if (throwable == null) {
            throw ArgumentError.notNull("throwable");
        }
        return new StackTrace(null, throwable, asyncSuspension, null);
    }

    /**
     * A stack trace over the given Java frames (innermost first), optionally followed by the
     * {@code <asynchronous suspension>} line.
     *
     * @param frames Java frames; the array is copied
     * @param asyncSuspension whether the rendering ends with {@code <asynchronous suspension>}
     * @return a stack trace over {@code frames}
     */
    public static StackTrace ofFrames(StackTraceElement[] frames, boolean asyncSuspension) {
        if (frames == null) {
            throw ArgumentError.notNull("frames");
        }
        return new StackTrace(frames.clone(), null, asyncSuspension, null);
    }

    /**
     * This trace with the {@code <asynchronous suspension>} marker line; {@code this} if it already has
     * it. A trace made by {@link #fromString(String)} or {@link #empty()} is returned unchanged, since
     * its text is fixed.
     *
     * @return a trace ending with {@code <asynchronous suspension>}
     */
    public StackTrace withAsyncSuspension() {
        if (asyncSuspension || fixedText != null) {
            return this;
        }
        return new StackTrace(frames, source, true, null);
    }

    /**
     * Whether the rendering ends with the {@code <asynchronous suspension>} line.
     *
     * @return {@code true} if this trace carries the marker
     */
    public boolean asyncSuspension() {
        return asyncSuspension;
    }

    /**
     * The raw Java frames, hidden ones included (none for {@link #empty()} and
     * {@link #fromString(String)}).
     *
     * @return a copy of the frames, innermost first
     */
    public StackTraceElement[] frames() {
        return rawFrames().clone();
    }

    /**
     * The Dart rendering: {@code #0      main (Main.java:5)} lines, each ending in {@code \n}, then
     * {@code <asynchronous suspension>\n} if marked; {@code ""} for {@link #empty()}; the given text
     * for {@link #fromString(String)}.
     *
     * @return the Dart stack trace text
     */
    @Override
    public String toString() {
        if (fixedText != null) {
            return fixedText;
        }
        String result = rendered;
        if (result == null) {
            result = DartFrames.render(rawFrames(), asyncSuspension);
            rendered = result;
        }
        return result;
    }
}
