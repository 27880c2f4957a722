package dev.dartasync.internal;

/**
 * An event that knows what it means to drop it: posted to an isolate that ended (or ends before
 * running it), {@link #dropped()} runs instead, on the posting thread or the ending loop's. The
 * loop logs every other dropped event at DEBUG; these decide for themselves (a lost value or error
 * is a WARN, a waiter is woken with an error).
 */
public interface DroppableEvent extends Runnable {

  /** Called once, instead of {@link #run()}, when the isolate will never run this event. */
  void dropped();
}
