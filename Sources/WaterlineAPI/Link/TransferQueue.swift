import Foundation

/// What waits for an absent phone: each change once. WatchConnectivity delivers the watch's
/// queued transfers (`transferUserInfo`) first in, first out, once each, even with the app not
/// running, and lets outstanding ones be cancelled. Each change travels alone; queueing a batch
/// again (every push the engine tries while the phone is away) adds only what is new:
/// - a record whose very version already waits is not queued again;
/// - a log's, preset's or settings' older version waiting is cancelled (nothing depends on it);
/// - a night's older version stays (its logs queued after it need it there first), and the new
///   one follows.
public enum TransferQueue {
    /// Of `outstanding` (oldest first), the transfers to cancel, and the changes of `adding` to
    /// queue after the rest, in order.
    public static func plan(outstanding: [SyncPayload], adding: [SyncPayload]) -> (cancel: [SyncPayload], transfer: [SyncPayload]) {
        var waiting = outstanding
        var cancel: [SyncPayload] = []
        var transfer: [SyncPayload] = []
        for change in adding {
            if waiting.contains(change) || transfer.contains(change) { continue }
            if case .session = change {} else {
                for older in waiting where older.key == change.key {
                    cancel.append(older)
                }
                waiting.removeAll { $0.key == change.key }
                transfer.removeAll { $0.key == change.key }
            }
            transfer.append(change)
        }
        return (cancel, transfer)
    }
}
