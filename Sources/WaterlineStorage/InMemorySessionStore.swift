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
    private let gate = SerialGate()
    /// Transactions that could write, and rows written or deleted: what a benchmark reports as a
    /// change's store writes.
    public private(set) var writeTransactions = 0
    public private(set) var rowWrites = 0

    public init() {}

    public func transaction<T: Sendable>(writes: Bool, _ body: @Sendable () async throws -> T) async throws -> T {
        try await gate.run {
            let before = writes ? tables : nil
            if writes { writeTransactions += 1 }
            do {
                return try await body()
            } catch {
                if let before { tables = before }
                throw error
            }
        }
    }

    public func readUser() -> User? { tables.user }
    public func writeUser(_ user: User) { rowWrites += 1; tables.user = user }

    public func readSession(id: UUID) -> Session? { tables.sessions[id] }
    public func writeSession(_ session: Session) { rowWrites += 1; tables.sessions[session.id] = session }
    public func readLog(id: UUID) -> LogEntry? { tables.logs[id] }
    public func writeLog(_ log: LogEntry) { rowWrites += 1; tables.logs[log.id] = log }
    public func readPreset(id: UUID) -> DrinkPreset? { tables.presets[id] }
    public func writePreset(_ preset: DrinkPreset) { rowWrites += 1; tables.presets[preset.id] = preset }

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
        tables.logs.values.filter { $0.sessionId == sessionId && $0.deletedAt == nil }
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
        tables.outbox[change.id] = change
        tables.lastSequence = max(tables.lastSequence, change.sequence)
    }
    public func deleteOutboxRow(key: SyncKey) {
        if tables.outbox[key] != nil { rowWrites += 1 }
        tables.outbox[key] = nil
    }

    public func readOutbox(waitingOnly: Bool, limit: Int?) -> [PendingChange] {
        let rows = tables.outbox.values.filter { !waitingOnly || !$0.isFailed }.sorted { $0.sequence < $1.sequence }
        return limit.map { Array(rows.prefix($0)) } ?? rows
    }

    public func readOutboxCounts() -> OutboxCounts {
        let failed = tables.outbox.values.count { $0.isFailed }
        return OutboxCounts(pending: tables.outbox.count - failed, failed: failed)
    }

    public func readLastOutboxSequence() -> Int { tables.lastSequence }

    public func readCursor() -> SyncCursor? { tables.cursor }
    public func writeCursor(_ cursor: SyncCursor?) { rowWrites += 1; tables.cursor = cursor }

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
        if let moved = tables.feed[entry.key] { tables.feedPlaces[moved.sequence] = nil }
        tables.feed[entry.key] = entry
        tables.feedPlaces[entry.sequence] = entry.key
        tables.lastFeedSequence = max(tables.lastFeedSequence, entry.sequence)
    }
    public func readLastFeedSequence() -> Int { tables.lastFeedSequence }

    public func deleteAllRows() { tables = Tables() }
}
