import Foundation
import WaterlineCore
import WaterlineAPI

/// `SyncStore` for every `StoreRows`: each call is one transaction of `StoreRules`.
extension StoreRows {
    public func user() async throws -> User? {
        try await reading { try await $0.readUser() }
    }

    public func saveUser(_ user: User) async throws {
        try await writing { try await StoreRules.saveUser(user, in: $0) }
    }

    public func activeSession() async throws -> Session? {
        try await reading { try await StoreRules.activeSession(in: $0) }
    }

    public func startSession(_ candidate: Session) async throws -> (session: Session, created: Bool) {
        let started = try await writing { rows in
            let (session, created) = try await StoreRules.startSession(candidate, in: rows)
            return Started(session: session, created: created)
        }
        return (started.session, started.created)
    }

    public func endSession(_ ended: Session) async throws -> Bool {
        try await writing { try await StoreRules.endSession(ended, in: $0) }
    }

    public func session(id: UUID) async throws -> Session? {
        try await reading { try await $0.readSession(id: id).flatMap { $0.deletedAt == nil ? $0 : nil } }
    }

    public func sessions(limit: Int?) async throws -> [Session] {
        try await reading { try await $0.readSessions(limit: limit) }
    }

    public func pastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await reading { try await $0.readPastSessions(after: cursor, limit: limit) }
    }

    public func saveSession(_ session: Session) async throws {
        try await writing { try await StoreRules.saveSession(session, in: $0) }
    }

    public func logs(sessionId: UUID) async throws -> [LogEntry] {
        try await reading { try await StoreRules.logs(sessionId: sessionId, in: $0) }
    }

    public func log(id: UUID) async throws -> LogEntry? {
        try await reading { try await $0.readLog(id: id) }
    }

    public func saveLog(_ log: LogEntry) async throws {
        try await writing { try await StoreRules.saveLog(log, in: $0) }
    }

    public func presets() async throws -> [DrinkPreset] {
        try await reading { try await StoreRules.presets(in: $0) }
    }

    public func preset(id: UUID) async throws -> DrinkPreset? {
        try await reading { try await $0.readPreset(id: id).flatMap { $0.deletedAt == nil ? $0 : nil } }
    }

    public func savePreset(_ preset: DrinkPreset) async throws {
        try await writing { try await StoreRules.savePreset(preset, in: $0) }
    }

    public func saveTogether(sessions: [Session], logs: [LogEntry]) async throws {
        try await writing { rows in
            for session in sessions { try await StoreRules.saveSession(session, in: rows) }
            for log in logs { try await StoreRules.saveLog(log, in: rows) }
        }
    }

    public func deleteAll() async throws {
        try await writing { try await StoreRules.deleteAll(in: $0) }
    }

    // MARK: SyncStore

    public func pendingChanges() async throws -> [PendingChange] {
        try await reading { try await $0.readOutbox(waitingOnly: false, limit: nil) }
    }

    public func nextChanges(limit: Int) async throws -> [PendingChange] {
        let batch = try await reading { try await $0.readOutbox(waitingOnly: true, limit: limit) }
        guard batch.contains(where: StoreRules.isStaleDefault) else { return batch }
        return try await writing { rows in
            for change in batch where StoreRules.isStaleDefault(change) { try await rows.deleteOutboxRow(key: change.id) }
            return try await rows.readOutbox(waitingOnly: true, limit: limit)
        }
    }

    public func outboxCounts() async throws -> OutboxCounts {
        try await reading { try await $0.readOutboxCounts() }
    }

    public func completeChange(_ key: SyncKey, revision: Int) async throws {
        try await writing { try await StoreRules.complete(key, revision: revision, in: $0) }
    }

    public func failChange(_ key: SyncKey, revision: Int, reason: String) async throws {
        try await writing { try await StoreRules.fail(key, revision: revision, reason: reason, in: $0) }
    }

    @discardableResult
    public func settle(_ pushed: [PushedChange]) async throws -> ChangedRecords {
        try await writing { try await StoreRules.settle(pushed, in: $0) }
    }

    @discardableResult
    public func applyRemote(_ payload: SyncPayload) async throws -> Bool {
        do {
            return try await writing { try await StoreRules.merge(payload, in: $0) }
        } catch SessionStoreError.outOfRange {
            return false  // Not kept: out of range (`StoreRules.checkRemote`).
        }
    }

    public func applyPage(_ changes: [SyncPayload], cursor: SyncCursor) async throws -> AppliedPage {
        try await writing { try await StoreRules.applyPage(changes, cursor: cursor, in: $0) }
    }

    public func syncCursor() async throws -> SyncCursor? {
        try await reading { try await $0.readCursor() }
    }

    public func saveSyncCursor(_ cursor: SyncCursor?) async throws {
        try await writing { try await $0.writeCursor(cursor) }
    }

    @discardableResult
    public func retryRefusals() async throws -> Int {
        let failed = try await reading { try await $0.readOutboxCounts().failed }
        guard failed > 0 else { return 0 }
        return try await writing { try await StoreRules.retryRefusals(in: $0) }
    }

    @discardableResult
    public func retryEveryRefusal() async throws -> Int {
        try await writing { try await StoreRules.retryRefusals(in: $0, every: true) }
    }

    public func requeueAll() async throws {
        try await writing { try await StoreRules.requeueAll(in: $0) }
    }

    // MARK: A paired device's backend

    public func acceptFromPeer(_ changes: [SyncPayload]) async throws -> AcceptedPush {
        try await writing { rows in
            guard var user = try await rows.readUser() else { throw SessionStoreError.noUser }
            var accepted = AcceptedPush()
            var touched: Set<UUID> = []
            // The quotas every backend keeps (1,000 logs a session…): what the phone takes from its
            // watch goes on to the cloud, which would refuse the rest.
            var room = RecordQuotas()
            for change in changes {
                guard try await room.admits(change, in: rows) else {
                    accepted.outcomes.append(.refused(.quotaExceeded, "the iPhone keeps at most \(RecordQuotas.quota(of: change))"))
                    continue
                }
                let (outcome, wrote) = try await StoreRules.acceptFromPeer(change, in: rows, user: user)
                accepted.outcomes.append(outcome)
                // Kept exactly as sent: the paired device has it, and its next pull passes over it.
                if wrote, outcome.change == change { try await StoreRules.announce(change.key, fromPeer: true, in: rows) }
                if wrote { accepted.written += 1 }
                if wrote, case .logEntry(let log) = change { touched.insert(log.sessionId) }
                if case .settings = change, let stored = try await rows.readUser() { user = stored }
            }
            // A log that joined an ended session changes its summary.
            try await StoreRules.reviseSummaries(of: touched, in: rows, settings: user.settings)
            return accepted
        }
    }

    public func peerChanges(after sequence: Int, limit: Int, sessionsSince: Date) async throws -> PullPage {
        try await seedFeedIfNone()
        return try await reading { try await StoreRules.peerChanges(after: sequence, limit: limit, sessionsSince: sessionsSince, in: $0) }
    }

    /// Asked after every action and every state read, so one transaction when the feed has
    /// entries; an empty one may be a store written before the feed existed, seeded once first.
    public func changes(after sequence: Int) async throws -> StoreChangeSet {
        let changes = try await reading { try await StoreRules.changes(after: sequence, in: $0) }
        guard changes.version == 0 else { return changes }
        try await seedFeedIfNone()
        return try await reading { try await StoreRules.changes(after: sequence, in: $0) }
    }

    public func logFeed(after sequence: Int, limit: Int) async throws -> LogFeedPage {
        try await seedFeedIfNone()
        return try await reading { try await StoreRules.logFeed(after: sequence, limit: limit, in: $0) }
    }

    /// A store written before the feed existed gets one, once, before the feed's first reader.
    private func seedFeedIfNone() async throws {
        if try await reading({ try await $0.readLastFeedSequence() }) == 0 {
            _ = try await writing { try await StoreRules.seedFeed(in: $0) }
        }
    }

    // MARK: Transactions

    private func reading<T: Sendable>(_ body: @escaping @Sendable (Self) async throws -> T) async throws -> T {
        try await transaction(writes: false) { try await body(self) }
    }

    private func writing<T: Sendable>(_ body: @escaping @Sendable (Self) async throws -> T) async throws -> T {
        try await transaction(writes: true) { try await body(self) }
    }
}

/// A started session crossing the transaction (tuples are not `Sendable` results).
private struct Started: Sendable {
    var session: Session
    var created: Bool
}
