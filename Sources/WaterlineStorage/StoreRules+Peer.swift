import Foundation
import WaterlineCore
import WaterlineAPI

/// The rules a device follows when it answers another device's sync as its backend (the phone
/// for its watch): the same rules as the cloud backend's `sync:push` and `sync:pull`, over this
/// device's own store, so a watch and its phone agree exactly as two phones agree through the cloud.
extension StoreRules {
    /// Takes in one record a paired device pushed, as the backend would: last write wins, deleting
    /// is final, a second running session is refused (`CONFLICT`: the paired device then pulls this
    /// one and folds its own into it, as it does with the cloud's), a log whose session is unknown
    /// waits (`NOT_FOUND`, sent again with the next push), settings merge setting by setting. What
    /// it takes is queued here too, so it goes on to the cloud with this device's own changes.
    /// Answers the version kept here, which the paired device adopts, and whether it wrote anything.
    public static func acceptFromPeer(_ payload: SyncPayload, in rows: some StoreRows, user: User) async throws -> (ChangeOutcome, wrote: Bool) {
        if let refusal = invalid(payload) { return (refusal, false) }
        switch payload {
        case .session(let record):
            let local = try await rows.readSession(id: record.id)
            let takes = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if takes {
                do {
                    try await saveSession(Session(userId: user.id, record: record), in: rows)
                } catch SessionStoreError.secondActiveSession(let active) {
                    return (.refused(.conflict, "another session is running on the paired device (\(active.uuidString))"), false)
                }
                // An ended session's summary is made from the logs here, which may be more than the sender had.
                try await reviseSummaries(of: [record.id], in: rows, settings: user.settings)
            }
            return (.stored(.session(try await rows.readSession(id: record.id)?.record ?? record)), takes)
        case .logEntry(let log):
            // A log kept here has its session here, so a newer one here needs no check.
            let local = try await rows.readLog(id: log.id)
            let takes = local.map { $0.stamp.isReplaced(by: log.stamp) } ?? true
            if takes {
                do {
                    try await saveLog(log, in: rows)
                } catch SessionStoreError.unknownSession {
                    return (.refused(.notFound, "no session \(log.sessionId.uuidString) here yet"), false)
                }
            }
            return (.stored(.logEntry(try await rows.readLog(id: log.id) ?? log)), takes)
        case .preset(let record):
            let local = try await rows.readPreset(id: record.id)
            let takes = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if takes { try await savePreset(DrinkPreset(userId: user.id, record: record), in: rows) }
            return (.stored(.preset(try await rows.readPreset(id: record.id)?.record ?? record)), takes)
        case .settings(let remote):
            let merged = user.settings.merged(with: remote)
            let takes = merged != user.settings
            if takes {
                var updated = user
                updated.settings = merged
                try await saveUser(updated, in: rows)
            }
            return (.stored(.settings(merged)), takes)
        }
    }

    /// Why a pushed record is refused before it is looked at (`INVALID_ARGUMENT`), as the backend
    /// checks it; nil when it is well formed.
    static func invalid(_ payload: SyncPayload) -> ChangeOutcome? {
        do {
            // The checks every version from elsewhere meets, and a stamp within the years any
            // stored time may take whatever the record (settings never chosen included).
            try checkRemote(payload)
            try Limits.timestamp.check(payload.stamp.updatedAt.timeIntervalSince1970, field: "updatedAt")
            return nil
        } catch SessionStoreError.outOfRange(_, let reason) {
            return .refused(.invalidArgument, reason)
        } catch {
            return .refused(.invalidArgument, String(describing: error))
        }
    }
}
