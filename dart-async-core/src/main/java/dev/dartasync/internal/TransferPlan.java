package dev.dartasync.internal;

import dev.dartasync.isolate.TransferableTypedData;

/**
 * A {@link TransferableTypedData} in a message is not copied: its copy is a new transferable that
 * takes over the bytes once the whole message has been copied ({@link GraphCopier#transfer}), so
 * that a message that fails leaves the sender's transferable as it was. Reached twice in one
 * message, it has one copy (the identity table), so both references share one payload. One that
 * holds no bytes any more (sent before, or materialized) is rejected with the Dart VM's text ({@code
 * CopyTransferableTypedData} in {@code object_graph_copy.cc}, whose first line is spelled with a
 * space before the colon) and the retaining path. A check only rejects.
 */
final class TransferPlan extends CopyPlan {

  static final String TRANSFERRED =
      "Illegal argument in isolate message : (TransferableTypedData has been transferred already)";

  @Override
  Object copy(Object source, GraphCopier copier) {
    TransferAccess.Transfers transfers = TransferAccess.transfers();
    TransferableTypedData transferable = (TransferableTypedData) source;
    if (transfers.isEmpty(transferable)) {
      throw copier.rejectWithText(TRANSFERRED);
    }
    if (copier.checking) {
      return source;
    }
    return copier.transfer(transferable, transfers.receiver());
  }
}
