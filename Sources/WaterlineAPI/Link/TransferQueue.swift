import Foundation

/// What waits for an absent phone: each change once. WatchConnectivity delivers the watch's
/// transfers (`transferUserInfo`) first in, first out, once each, even with the app not running,
/// and lets outstanding ones be cancelled; this queue holds what was handed over and not yet
/// taken by the phone. Queueing a batch again (every push the engine tries while the phone is
/// away) adds only what is new:
/// - a record whose very version already waits is not queued again;
/// - a log's, preset's or settings' older version waiting is cancelled (nothing depends on it);
/// - a session's older version stays (its logs queued after it need it there first), and the new
///   one follows.
/// Indexed by version and by record, so adding or taking costs the changes given, however many wait.
public struct TransferQueue: Hashable, Sendable {
    /// Waiting, oldest first; nil where a change left (taken or cancelled) until the next compaction.
    private var order: [SyncPayload?] = []
    /// Where each waiting version stands in `order`.
    private var places: [SyncPayload: Int] = [:]
    /// The waiting versions of each record (a session may have several; any other record one).
    private var versions: [SyncKey: [SyncPayload]] = [:]

    public init(waiting: [SyncPayload] = []) {
        _ = add(waiting)
    }

    /// What waits, oldest first.
    public var waiting: [SyncPayload] { order.compactMap { $0 } }
    public var count: Int { places.count }

    /// Queues what of `adding` is new: returns the waiting changes to cancel (a newer version
    /// replaces them) and the changes to transfer, in order.
    public mutating func add(_ adding: [SyncPayload]) -> (cancel: [SyncPayload], transfer: [SyncPayload]) {
        var cancel: [SyncPayload] = []
        var transfer: [SyncPayload] = []
        for change in adding where places[change] == nil {
            if case .session = change {} else {
                for older in versions[change.key] ?? [] {
                    if transfer.contains(older) { transfer.removeAll { $0 == older } } else { cancel.append(older) }
                    remove(older)
                }
            }
            places[change] = order.count
            order.append(change)
            versions[change.key, default: []].append(change)
            transfer.append(change)
        }
        return (cancel, transfer)
    }

    /// Takes these versions out (the phone has them); returns those that were waiting.
    @discardableResult
    public mutating func take(_ changes: [SyncPayload]) -> [SyncPayload] {
        let taken = changes.filter { places[$0] != nil }
        for change in taken { remove(change) }
        return taken
    }

    private mutating func remove(_ change: SyncPayload) {
        guard let place = places.removeValue(forKey: change) else { return }
        order[place] = nil
        versions[change.key]?.removeAll { $0 == change }
        if versions[change.key]?.isEmpty == true { versions[change.key] = nil }
        // Places left empty are dropped once they are most of the list.
        if order.count > 32, places.count * 2 < order.count {
            let kept: [SyncPayload] = order.compactMap { $0 }
            order = kept
            for (index, change) in kept.enumerated() { places[change] = index }
        }
    }
}
