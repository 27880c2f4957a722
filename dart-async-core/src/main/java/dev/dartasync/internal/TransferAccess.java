package dev.dartasync.internal;

import dev.dartasync.isolate.TransferableTypedData;

/**
 * Lets the message copier move the bytes of a {@link TransferableTypedData} without public members
 * on that class for it: {@code TransferableTypedData} installs its private operations here when its
 * class is initialised (the JDK's "shared secrets" pattern, like {@link TimerAccess}). Not API.
 */
public final class TransferAccess {
  private TransferAccess() {}

  /** What the copier needs of a transferable. */
  public interface Transfers {
    /** Whether {@code transferable} holds no bytes any more (transferred or materialized). */
    boolean isEmpty(TransferableTypedData transferable);

    /** A new transferable without bytes, to receive them when its message is committed. */
    TransferableTypedData receiver();

    /** Moves the bytes of {@code from} to {@code to}: {@code from} is empty afterwards. */
    void move(TransferableTypedData from, TransferableTypedData to);
  }

  private static volatile Transfers transfers;

  /** Called once, by {@code TransferableTypedData}'s static initialiser. */
  public static void install(Transfers operations) {
    if (transfers != null) {
      throw new IllegalStateException("the transfer operations are already installed");
    }
    transfers = operations;
  }

  /** The operations (the class is initialised once an instance exists). */
  static Transfers transfers() {
    Transfers t = transfers;
    if (t == null) {
      try {
        Class.forName(
            TransferableTypedData.class.getName(), true,
            TransferableTypedData.class.getClassLoader()); // Installs them.
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      t = transfers;
    }
    return t;
  }
}
