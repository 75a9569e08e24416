import Foundation
import WaterlineCore
import WaterlineAPI

/// Every rule a local store follows, written once over `StoreRows`: what a save queues, how the
/// outbox coalesces and settles, how a remote version merges (last write wins, deleting is
/// final), the order a pulled page lands in, what is queued again for a new account, and that
/// only one session is ever active. Each function runs inside the caller's transaction.
public enum StoreRules {
    // MARK: Local writes: each record and the change it queues, together

    /// Saves the person; settings somebody chose are queued (defaults nobody chose never are:
    /// the account's own settings win on every device).
    public static func saveUser(_ user: User, in rows: some StoreRows) async throws {
        let previous = try await rows.readUser()
        try await putUser(user, settingsChanged: previous?.settings != user.settings, in: rows)
        if previous?.settings != user.settings, !user.settings.isUntouched { try await enqueue(.settings(user.settings), in: rows) }
    }

    /// The one active session, if any.
    public static func activeSession(in rows: some StoreRows) async throws -> Session? {
        // Only one can be saved active; should a store ever hold two, every reader sees the same one.
        try await rows.readActiveSessions().min { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }
    }

    /// Inserts `candidate` unless a session is already active; returns the active one.
    public static func startSession(_ candidate: Session, in rows: some StoreRows) async throws -> (session: Session, created: Bool) {
        if let active = try await activeSession(in: rows) { return (active, false) }
        try await writeSession(candidate, in: rows)
        return (candidate, true)
    }

    /// Saves `ended` if its session still runs here; false when it ended (or was deleted) meanwhile.
    public static func endSession(_ ended: Session, in rows: some StoreRows) async throws -> Bool {
        guard let current = try await rows.readSession(id: ended.id), current.isActive, current.deletedAt == nil else { return false }
        try await saveSession(ended, in: rows)
        return true
    }

    public static func saveSession(_ session: Session, in rows: some StoreRows) async throws {
        if session.isActive, session.deletedAt == nil, let active = try await activeSession(in: rows), active.id != session.id {
            throw SessionStoreError.secondActiveSession(active.id)
        }
        try await writeSession(session, in: rows)
    }

    /// A log needs its session (ended or not).
    public static func saveLog(_ log: LogEntry, in rows: some StoreRows) async throws {
        guard try await rows.readSession(id: log.sessionId) != nil else { throw SessionStoreError.unknownSession(log.sessionId) }
        try await putLog(log, in: rows)
        try await enqueue(.logEntry(log), in: rows)
    }

    public static func savePreset(_ preset: DrinkPreset, in rows: some StoreRows) async throws {
        try await putPreset(preset, in: rows)
        try await enqueue(.preset(preset.record), in: rows)
    }

    static func writeSession(_ session: Session, in rows: some StoreRows) async throws {
        try await putSession(session, in: rows)
        try await enqueue(.session(session.record), in: rows)
    }

    // MARK: Reads in the orders the kit promises

    /// A session's live logs in replay order (timestamp, then id).
    public static func logs(sessionId: UUID, in rows: some StoreRows) async throws -> [LogEntry] {
        try await rows.readLogs(sessionId: sessionId).sorted(by: WaterlineEngine.isOrderedBefore)
    }

    /// Live presets by `sortOrder`, then name.
    public static func presets(in rows: some StoreRows) async throws -> [DrinkPreset] {
        try await rows.readPresets().sorted { ($0.sortOrder, $0.name, $0.id.uuidString) < ($1.sortOrder, $1.name, $1.id.uuidString) }
    }

    // MARK: The outbox

    /// Records that `payload` is the latest local state of its record. A record already waiting
    /// keeps its first place in the queue (a session goes before its logs) and bumps its
    /// revision, so an acknowledgement of an older revision cannot drop this one; a refusal of
    /// an older revision is forgotten.
    public static func enqueue(_ payload: SyncPayload, in rows: some StoreRows) async throws {
        if var waiting = try await rows.readOutboxRow(key: payload.key) {
            waiting.payload = payload
            waiting.revision += 1
            waiting.failure = nil
            try await rows.writeOutboxRow(waiting)
        } else {
            try await rows.writeOutboxRow(PendingChange(payload: payload, sequence: rows.readLastOutboxSequence() + 1))
        }
    }

    /// Settings nobody chose waiting in an outbox written before they stopped being queued:
    /// they never go up (the account's own settings win on every device), so they leave.
    public static func isStaleDefault(_ change: PendingChange) -> Bool {
        if case .settings(let settings) = change.payload { settings.isUntouched } else { false }
    }

    /// The backend has `revision`: the change leaves unless a newer edit came in meanwhile.
    public static func complete(_ key: SyncKey, revision: Int, in rows: some StoreRows) async throws {
        if try await rows.readOutboxRow(key: key)?.revision == revision { try await rows.deleteOutboxRow(key: key) }
    }

    /// The backend refused `revision`: it stays, marked, until the record changes again.
    public static func fail(_ key: SyncKey, revision: Int, reason: String, in rows: some StoreRows) async throws {
        guard var waiting = try await rows.readOutboxRow(key: key), waiting.revision == revision else { return }
        waiting.failure = reason
        try await rows.writeOutboxRow(waiting)
    }

    /// Refusals that depend on another record and may pass once it has gone up: a log whose
    /// session the backend does not have yet (`NOT_FOUND`), a session refused while another ran
    /// there (`CONFLICT`). They are sent again at the next push; the rest wait for a new edit.
    public static let refusalsRetried = ["NOT_FOUND", "CONFLICT"]

    /// Whether a change refused for `failure` ("CODE: message") is sent again at the next push.
    public static func isRetried(_ failure: String) -> Bool {
        refusalsRetried.contains { failure.hasPrefix($0 + ":") }
    }

    /// Clears the refusals `isRetried` names (with `every`, all of them: the person asked to send
    /// them again), so the next batch carries them again; returns how many.
    public static func retryRefusals(in rows: some StoreRows, every: Bool = false) async throws -> Int {
        var retried = 0
        for var change in try await rows.readOutbox(waitingOnly: false, limit: nil) {
            guard let failure = change.failure, every || isRetried(failure) else { continue }
            change.failure = nil
            try await rows.writeOutboxRow(change)
            retried += 1
        }
        return retried
    }

    /// A pushed batch: refusals marked, acknowledgements completed, the versions the backend
    /// keeps merged in. Returns the local records those versions replaced.
    public static func settle(_ pushed: [PushedChange], in rows: some StoreRows) async throws -> ChangedRecords {
        var replaced = ChangedRecords.none
        var user: User?
        for change in pushed {
            if let failure = change.failure {
                try await fail(change.key, revision: change.revision, reason: failure, in: rows)
                continue
            }
            let revision = try await rows.readOutboxRevision(key: change.key)
            let sentThis = revision == change.revision
            if sentThis { try await rows.deleteOutboxRow(key: change.key) }
            guard let stored = change.stored else { continue }
            // The backend kept exactly what was sent, and nothing changed here since: the
            // record here is already that (the common case: no need to read it back).
            if sentThis, let sent = change.sent, sent == stored { continue }
            // What the backend kept of this very change is taken as it is, unless the record
            // changed here meanwhile: the backend may have bounded a stamp from a clock running
            // ahead, and keeping the local stamp would make this device deaf to later edits.
            let changedSince = revision != nil && !sentThis
            if user == nil { user = try await rows.readUser() }
            do {
                if try await merge(stored, in: rows, adopting: !changedSince, known: user) { replaced.insert(stored) }
            } catch SessionStoreError.outOfRange {
                // What was sent stays here as it is; the backend's broken version is not taken.
                continue
            }
            // Only settings change the account.
            if case .settings = stored { user = nil }
        }
        return replaced
    }

    /// Every record queued again, sessions (oldest first) before presets before logs (in replay
    /// order), then settings somebody chose; refusals cleared.
    public static func requeueAll(in rows: some StoreRows) async throws {
        let records = try await rows.readEveryRecord()
        for session in records.sessions.sorted(by: { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }) {
            try await enqueue(.session(session.record), in: rows)
        }
        for preset in records.presets.sorted(by: { ($0.sortOrder, $0.id.uuidString) < ($1.sortOrder, $1.id.uuidString) }) {
            try await enqueue(.preset(preset.record), in: rows)
        }
        for log in records.logs.sorted(by: WaterlineEngine.isOrderedBefore) {
            try await enqueue(.logEntry(log), in: rows)
        }
        if let settings = try await rows.readUser()?.settings, !settings.isUntouched {
            try await enqueue(.settings(settings), in: rows)
        }
    }
}
