package dev.dartasync;

/**
 * Dart's {@code PrintHandler}: the {@link ZoneSpecification} handler behind {@link Zone#print} and
 * {@link Dart#print}.
 *
 * <p>Runs synchronously, in the calling zone, for every {@link Dart#print} in {@code zone}, with
 * the Dart text of the printed object. {@code parent.print(zone, line)} passes it on (the root
 * writes it and a newline to standard output). What it throws propagates to the caller of {@code
 * print}.
 *
 * <p>Every handler receives {@code self}, the zone whose specification holds the handler; {@code
 * parent}, a delegate to the parent of {@code self} (use it, not {@code self.parent()}, to pass a
 * request on); and {@code zone}, the zone that first received the request (a descendant of {@code
 * self}, or {@code self}).
 */
@FunctionalInterface
public interface PrintHandler {

  /**
   * Handles the request.
   *
   * @param self the zone whose specification holds this handler
   * @param parent a delegate to the parent of {@code self}
   * @param zone the zone that received the request
   * @param line the Dart text to print, without the newline
   */
  void print(Zone self, ZoneDelegate parent, Zone zone, String line);
}
