import Foundation
import WaterlineCore
import WaterlineAPI

/// A store held in memory, for tests, previews and the sync contract suite: rows only; the rules
/// are `StoreRules`'.
public actor InMemorySessionStore: StoreRows {
    /// Everything kept, as one value, so a failed transaction puts it back whole.
    private struct Tables {
        var user: User?
        var sessions: [UUID: Session] = [:]
        var logs: [UUID: LogEntry] = [:]
        var presets: [UUID: DrinkPreset] = [:]
        var outbox: [SyncKey: PendingChange] = [:]
        var lastSequence = 0
        var cursor: SyncCursor?
        var feed: [SyncKey: FeedEntry] = [:]
        /// The same entries by their place, so a read after a place costs what it returns.
        var feedPlaces: [Int: SyncKey] = [:]
        var lastFeedSequence = 0
    }

    private var tables = Tables()
    /// While a writing transaction runs, how to put back each row it wrote, newest last: a failed
    /// transaction undoes them in reverse. (Keeping a copy of every table instead made each write
    /// cost the whole store once the copy-on-write tables were touched.)
    private var undo: [(inout Tables) -> Void]?
    private let gate = SerialGate()
    /// Transactions that could write, and rows written or deleted: what a benchmark reports as a
    /// change's store writes.
    public private(set) var writeTransactions = 0
    public private(set) var rowWrites = 0
    /// Reads of a session's whole list of logs: what a benchmark reports as a change's replays.
    public private(set) var logListReads = 0
    /// Reads of the outbox's rows (a batch to push, every pending change).
    public private(set) var rowReadsOfOutbox = 0

    public init() {}

    public func transaction<T: Sendable>(writes: Bool, _ body: @Sendable () async throws -> T) async throws -> T {
        try await gate.run {
            if writes { writeTransactions += 1 }
            undo = writes ? [] : nil
            defer { undo = nil }
            do {
                return try await body()
            } catch {
                for step in (undo ?? []).reversed() { step(&tables) }
                throw error
            }
        }
    }

    public func readUser() -> User? { tables.user }
    public func writeUser(_ user: User) { rowWrites += 1; noting(\.user); tables.user = user }

    public func readSession(id: UUID) -> Session? { tables.sessions[id] }
    public func writeSession(_ session: Session) { rowWrites += 1; noting(\.sessions, session.id); tables.sessions[session.id] = session }
    public func readLog(id: UUID) -> LogEntry? { tables.logs[id] }
    public func writeLog(_ log: LogEntry) { rowWrites += 1; noting(\.logs, log.id); tables.logs[log.id] = log }
    public func readPreset(id: UUID) -> DrinkPreset? { tables.presets[id] }
    public func writePreset(_ preset: DrinkPreset) { rowWrites += 1; noting(\.presets, preset.id); tables.presets[preset.id] = preset }

    public func readActiveSessions() -> [Session] {
        tables.sessions.values.filter { $0.isActive && $0.deletedAt == nil }
    }

    public func readSessions(limit: Int?) -> [Session] {
        let live = tables.sessions.values.filter { $0.deletedAt == nil }.sorted { $0.startTime > $1.startTime }
        return limit.map { Array(live.prefix($0)) } ?? live
    }

    public func readPastSessions(after cursor: HistoryCursor?, limit: Int) -> [Session] {
        let past = tables.sessions.values
            .filter { $0.deletedAt == nil && !$0.isActive && (cursor?.precedes($0) ?? true) }
            .sorted { ($0.startTime, $0.id.uuidString) > ($1.startTime, $1.id.uuidString) }
        return Array(past.prefix(limit))
    }

    public func readLogs(sessionId: UUID) -> [LogEntry] {
        logListReads += 1
        return tables.logs.values.filter { $0.sessionId == sessionId && $0.deletedAt == nil }
    }

    public func readPresets() -> [DrinkPreset] {
        tables.presets.values.filter { $0.deletedAt == nil }
    }

    public func readEveryRecord() -> StoredRecords {
        StoredRecords(sessions: Array(tables.sessions.values), logs: Array(tables.logs.values), presets: Array(tables.presets.values))
    }

    public func readOutboxRow(key: SyncKey) -> PendingChange? { tables.outbox[key] }
    public func writeOutboxRow(_ change: PendingChange) {
        rowWrites += 1
        noting(\.outbox, change.id)
        noting(\.lastSequence)
        tables.outbox[change.id] = change
        tables.lastSequence = max(tables.lastSequence, change.sequence)
    }
    public func deleteOutboxRow(key: SyncKey) {
        guard tables.outbox[key] != nil else { return }
        rowWrites += 1
        noting(\.outbox, key)
        tables.outbox[key] = nil
    }

    public func readOutbox(waitingOnly: Bool, limit: Int?) -> [PendingChange] {
        rowReadsOfOutbox += 1
        let rows = tables.outbox.values.filter { !waitingOnly || !$0.isFailed }.sorted { $0.sequence < $1.sequence }
        return limit.map { Array(rows.prefix($0)) } ?? rows
    }

    public func readOutboxCounts() -> OutboxCounts {
        let failed = tables.outbox.values.count { $0.isFailed }
        return OutboxCounts(pending: tables.outbox.count - failed, failed: failed)
    }

    public func readLastOutboxSequence() -> Int { tables.lastSequence }

    public func readCursor() -> SyncCursor? { tables.cursor }
    public func writeCursor(_ cursor: SyncCursor?) { rowWrites += 1; noting(\.cursor); tables.cursor = cursor }

    public func readFeed(after sequence: Int, limit: Int) -> [FeedEntry] {
        var entries: [FeedEntry] = []
        var place = max(sequence, 0) + 1
        // Places past the last are none; a place a record moved on from is empty.
        while entries.count < limit, place <= tables.lastFeedSequence {
            if let key = tables.feedPlaces[place], let entry = tables.feed[key] { entries.append(entry) }
            place += 1
        }
        return entries
    }

    public func writeFeedEntry(_ entry: FeedEntry) {
        rowWrites += 1
        noting(\.feed, entry.key)
        noting(\.feedPlaces, entry.sequence)
        noting(\.lastFeedSequence)
        if let moved = tables.feed[entry.key] {
            noting(\.feedPlaces, moved.sequence)
            tables.feedPlaces[moved.sequence] = nil
        }
        tables.feed[entry.key] = entry
        tables.feedPlaces[entry.sequence] = entry.key
        tables.lastFeedSequence = max(tables.lastFeedSequence, entry.sequence)
    }
    public func readLastFeedSequence() -> Int { tables.lastFeedSequence }

    public func deleteAllRows() {
        let before = tables
        undo?.append { $0 = before }
        tables = Tables()
    }

    /// Remembers the row at `key` of `table` as it stands, for a failed transaction to put back.
    private func noting<Key: Hashable, Value>(_ table: WritableKeyPath<Tables, [Key: Value]>, _ key: Key) {
        guard undo != nil else { return }
        let old = tables[keyPath: table][key]
        undo?.append { $0[keyPath: table][key] = old }
    }

    /// Remembers a single field as it stands, for a failed transaction to put back.
    private func noting<Value>(_ field: WritableKeyPath<Tables, Value>) {
        guard undo != nil else { return }
        let old = tables[keyPath: field]
        undo?.append { $0[keyPath: field] = old }
    }
}
