/**
 * The implementation: event loop, carrier, futures, zones, timers, texts. <b>Not API</b>: its
 * public types are public only because other packages of the library use them (the jar is the
 * automatic module {@code dev.dartasync}, which cannot hide a package). Nothing here is supported; it changes without notice.
 * {@link dev.dartasync.internal.Testing} is the seam the project's own test suite uses.
 */
package dev.dartasync.internal;
