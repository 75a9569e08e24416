import Foundation
import WaterlineCore
import WaterlineAPI

/// Versions from the backend (or a paired device): merged by the replace rule, whole pages of
/// them, and the sessions they touch made whole again.
extension StoreRules {
    // MARK: Remote versions

    /// Merges one version from the backend by `Stamp.isReplaced(by:)` (with `adopting`, whenever
    /// its stamp differs: the backend's answer to this device's own change), queueing nothing: it
    /// is not a local change. A replaced local change leaves the outbox. Returns whether it replaced.
    /// `known` is the account as stored now, when the caller has just read it (a page or a batch
    /// reads it once, not once per record); `sessions` are sessions known to be stored here.
    /// `revising`: an ended session a log joined gets its summary made again now (a page does that
    /// once per session, after all its logs, instead).
    /// A version out of range (`checkRemote`) throws `SessionStoreError.outOfRange`, and nothing is written.
    @discardableResult
    public static func merge(
        _ payload: SyncPayload, in rows: some StoreRows, adopting: Bool = false, known: User? = nil, sessions: Set<UUID> = [],
        revising: Bool = true
    ) async throws -> Bool {
        try checkRemote(payload)
        let stored: User? = if let known { known } else { try await rows.readUser() }
        guard let user = stored else { throw SessionStoreError.noUser }
        let local: Stamp?
        switch payload {
        case .session(let record): local = try await rows.readSession(id: record.id)?.stamp
        case .logEntry(let log):
            if !sessions.contains(log.sessionId), try await rows.readSession(id: log.sessionId) == nil {
                throw SessionStoreError.unknownSession(log.sessionId)
            }
            local = try await rows.readLog(id: log.id)?.stamp
        case .preset(let record): local = try await rows.readPreset(id: record.id)?.stamp
        case .settings(let remote):
            guard adopting else { return try await mergeSettings(remote, into: user, in: rows) }
            // The backend's answer may hold another device's setting under the same stamp as
            // this device's: the whole is compared, not the stamp.
            guard remote != user.settings else { return false }
            local = nil
        }
        guard local.map({ adopting ? $0 != payload.stamp : $0.isReplaced(by: payload.stamp) }) ?? true else { return false }
        // A version this device changed while taking it in, which must go back up.
        var changedHere: Session?
        switch payload {
        case .session(let record) where record.isActive && record.deletedAt == nil:
            let incoming = Session(userId: user.id, record: record)
            let session = try await absorbOtherSessions(into: incoming, in: rows)
            if session != incoming { changedHere = session }
        case .session(let record): try await putSession(Session(userId: user.id, record: record), in: rows)
        case .logEntry(let log): try await putLog(log, in: rows)
        case .preset(let record): try await putPreset(DrinkPreset(userId: user.id, record: record), in: rows)
        case .settings(let settings):
            var updated = user
            updated.settings = settings
            try await putUser(updated, settingsChanged: true, in: rows)
        }
        try await rows.deleteOutboxRow(key: payload.key)
        if let changedHere { try await enqueue(.session(changedHere.record), in: rows) }
        if revising, case .logEntry(let log) = payload { try await reviseSummaries(of: [log.sessionId], in: rows, settings: user.settings) }
        return true
    }

    /// Checks a version from elsewhere by the rules every device and backend write by (each
    /// record's `validate()`, and every stamp within the years any stored time may take), so a
    /// broken or hostile server cannot leave this device with settings it cannot act on (every 0
    /// drinks, a negative glass), records no screen can show, or a version stamped past 2100 that
    /// would win every later merge.
    public static func checkRemote(_ payload: SyncPayload) throws(SessionStoreError) {
        do {
            switch payload {
            case .session(let record): try record.validate()
            case .logEntry(let log): try log.validate()
            case .preset(let record): try record.validate()
            case .settings(let settings): try settings.validate()
            }
            let stamp = payload.stamp
            // Settings nobody chose keep the distant stamp they were made with.
            if case .settings(let settings) = payload, settings.updatedAt == UserSettings.untouchedStamp {} else {
                try Limits.timestamp.check(stamp.updatedAt.timeIntervalSince1970, field: "updatedAt")
            }
            if let deletedAt = stamp.deletedAt { try Limits.timestamp.check(deletedAt.timeIntervalSince1970, field: "deletedAt") }
        } catch {
            throw .outOfRange(payload.key, error.description)
        }
    }

    /// Ended sessions' stored summaries made again from their logs as they are now (a log that
    /// arrived by sync, late, changed the session), each keeping the N it was scored by, so a past
    /// session's summary always agrees with its timeline. Written without queueing: every device
    /// derives it alike from the same logs.
    public static func reviseSummaries(of sessions: Set<UUID>, in rows: some StoreRows, settings: UserSettings) async throws {
        for id in sessions {
            guard var session = try await rows.readSession(id: id), !session.isActive, session.deletedAt == nil else { continue }
            guard let revised = session.revisedSummary(logs: try await logs(sessionId: id, in: rows), settings: settings),
                  revised != session.computedSummary else { continue }
            session.computedSummary = revised
            try await putSession(session, in: rows)
        }
    }

    /// The account's settings merged with these, setting by setting (`UserSettings.merged(with:)`):
    /// a setting changed here later than there is kept, and goes up again (the merged whole);
    /// otherwise what waited to go up is settled by the backend's version. Returns whether the
    /// settings here changed.
    static func mergeSettings(_ remote: UserSettings, into user: User, in rows: some StoreRows) async throws -> Bool {
        let merged = user.settings.merged(with: remote)
        if merged == remote {
            // The backend has everything chosen here: nothing of the settings waits to go up.
            try await rows.deleteOutboxRow(key: SyncPayload.settings(remote).key)
        } else {
            // The backend lacks something chosen here: the merged whole goes up.
            try await enqueue(.settings(merged), in: rows)
        }
        guard merged != user.settings else { return false }
        var updated = user
        updated.settings = merged
        try await putUser(updated, settingsChanged: true, in: rows)
        return true
    }

    /// The backend's running session arrived while another session runs here (each device started one
    /// offline): they are the same night out, and the backend holds at most one running session, so
    /// its session wins on every device. This device's session gives its logs to it (and its start,
    /// when earlier) and goes as a tombstone; all of that is queued (the session too, when its start
    /// moved), so the backend gets the whole session and the other devices follow. Only one session is
    /// ever active. Writes `session` and returns it as written.
    static func absorbOtherSessions(into session: Session, in rows: some StoreRows) async throws -> Session {
        var session = session
        let others = try await rows.readActiveSessions().filter { $0.id != session.id }
        // Newer than anything either side wrote, so these writes win everywhere.
        let latest = ([session.updatedAt] + others.map(\.updatedAt)).max() ?? session.updatedAt
        let stamp = Date(timeIntervalSince1970: ((latest.timeIntervalSince1970 * 1000).rounded() + 1) / 1000)
        // This device's sessions stop running first (one active at a time), then the session is
        // written, then their logs move into it (a log needs its session).
        for other in others {
            var absorbed = other
            absorbed.isActive = false
            absorbed.endTime = absorbed.endTime ?? stamp
            absorbed.deletedAt = stamp
            absorbed.updatedAt = stamp
            try await writeSession(absorbed, in: rows)
            if other.startTime < session.startTime {
                session.startTime = other.startTime
                session.updatedAt = max(session.updatedAt, stamp)
            }
        }
        try await putSession(session, in: rows)
        for other in others {
            for var log in try await rows.readLogs(sessionId: other.id) {
                log.sessionId = session.id
                log.updatedAt = max(stamp, log.updatedAt.addingTimeInterval(0.001)).roundedToMilliseconds
                try await putLog(log, in: rows)
                try await enqueue(.logEntry(log), in: rows)
            }
        }
        return session
    }

    /// A pulled page with its cursor: sessions first, then presets and settings, then logs, so a
    /// page's logs find their session; a log whose session has not come is handed back unwritten.
    /// A version out of range, and a new live record past the quotas (`RecordQuotas`), is refused:
    /// counted, not kept.
    public static func applyPage(_ changes: [SyncPayload], cursor: SyncCursor, in rows: some StoreRows) async throws -> AppliedPage {
        var applied = AppliedPage()
        var user = try await rows.readUser()
        // Sessions stored here, as the page finds them (its sessions come first), so each of a
        // session's logs does not read the session again.
        var sessions: Set<UUID> = []
        // Sessions whose logs or record changed, whose summaries are made again at the end.
        var touched: Set<UUID> = []
        // New records past the quotas are set aside, as a backend would refuse them.
        var room = RecordQuotas()
        for change in applyOrder(changes) {
            do {
                guard try await room.admits(change, in: rows) else {
                    applied.refused += 1
                    continue
                }
                if try await merge(change, in: rows, known: user, sessions: sessions, revising: false) {
                    applied.replaced.insert(change)
                    switch change {
                    case .session(let record): touched.insert(record.id)
                    case .logEntry(let log): touched.insert(log.sessionId)
                    default: break
                    }
                }
                switch change {
                case .session(let record): sessions.insert(record.id)
                case .logEntry(let log): sessions.insert(log.sessionId)
                default: break
                }
            } catch SessionStoreError.unknownSession {
                applied.unplaced.append(change)
            } catch SessionStoreError.outOfRange {
                applied.refused += 1
            }
            // Only settings change the account.
            if case .settings = change { user = try await rows.readUser() }
        }
        if !touched.isEmpty, let settings = try await rows.readUser()?.settings {
            try await reviseSummaries(of: touched, in: rows, settings: settings)
        }
        try await rows.writeCursor(cursor)
        return applied
    }

    /// Sessions, then presets and settings, then logs; otherwise in the order given.
    public static func applyOrder(_ changes: [SyncPayload]) -> [SyncPayload] {
        func rank(_ change: SyncPayload) -> Int {
            switch change {
            case .session: 0
            case .preset, .settings: 1
            case .logEntry: 2
            }
        }
        return changes.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
