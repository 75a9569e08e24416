import Foundation
import WaterlineCore
import WaterlineAPI

/// The rows a store keeps, and nothing more: whole records read and written by id, the queries
/// the screens page through, the outbox's rows and the sync cursor, inside the store's own
/// transactions.
///
/// Every rule of what to write — the outbox's coalescing, last-write-wins merges, the order a
/// pulled page lands in, what is queued again for a new account, that untouched settings are
/// never sent, that only one session is active — is `StoreRules`'. A store that implements these
/// gets all of `SyncStore` from the kit, so the in-memory, SwiftData and SQLite stores cannot
/// follow different rules. The row methods are called only inside `transaction`.
public protocol StoreRows: SyncStore {
    /// Runs `body` as one transaction: every write in it lands, or none does. Transactions run
    /// one at a time. `writes` is false when `body` only reads (a damaged store still allows those).
    func transaction<T: Sendable>(writes: Bool, _ body: @Sendable () async throws -> T) async throws -> T

    func readUser() async throws -> User?
    /// Replaces the person (there is one per store).
    func writeUser(_ user: User) async throws

    /// A record by id, tombstones included; writes insert or replace the whole record.
    func readSession(id: UUID) async throws -> Session?
    func writeSession(_ session: Session) async throws
    func readLog(id: UUID) async throws -> LogEntry?
    /// Its session exists (`StoreRules` checks before writing).
    func writeLog(_ log: LogEntry) async throws
    func readPreset(id: UUID) async throws -> DrinkPreset?
    func writePreset(_ preset: DrinkPreset) async throws

    /// Live sessions marked active.
    func readActiveSessions() async throws -> [Session]
    /// Live sessions, newest start first, at most `limit` when given.
    func readSessions(limit: Int?) async throws -> [Session]
    /// Live ended sessions after `cursor` in history order (newest start, then id descending as
    /// `HistoryCursor` compares), at most `limit`.
    func readPastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session]
    /// A session's live logs, in any order.
    func readLogs(sessionId: UUID) async throws -> [LogEntry]
    /// Live presets, in any order.
    func readPresets() async throws -> [DrinkPreset]
    /// Every record, tombstones included, in any order.
    func readEveryRecord() async throws -> StoredRecords
    /// The sessions a paired device keeps, tombstones included: every running one, every one
    /// started at or after `since`, and the newest ended live one.
    func readPeerSessions(since: Date) async throws -> [Session]

    /// The outbox row of a record, if one waits.
    func readOutboxRow(key: SyncKey) async throws -> PendingChange?
    /// Only the revision of that row (a store may answer it without decoding the payload).
    func readOutboxRevision(key: SyncKey) async throws -> Int?
    /// Inserts or replaces the row at `change.id`.
    func writeOutboxRow(_ change: PendingChange) async throws
    func deleteOutboxRow(key: SyncKey) async throws
    /// Rows in `sequence` order; refused ones left out when `waitingOnly`; at most `limit`.
    func readOutbox(waitingOnly: Bool, limit: Int?) async throws -> [PendingChange]
    func readOutboxCounts() async throws -> OutboxCounts
    /// At least the largest `sequence` in the outbox (0 when nothing waits), so a new row queues last.
    func readLastOutboxSequence() async throws -> Int

    func readCursor() async throws -> SyncCursor?
    func writeCursor(_ cursor: SyncCursor?) async throws

    /// The change feed a paired device pulls (`StoreRules.announce`): entries after `sequence`,
    /// in sequence order, at most `limit`.
    func readFeed(after sequence: Int, limit: Int) async throws -> [FeedEntry]
    /// Inserts or replaces the entry of `entry.key` (entries are never removed but with every row).
    func writeFeedEntry(_ entry: FeedEntry) async throws
    /// The largest sequence in the feed, 0 when it is empty.
    func readLastFeedSequence() async throws -> Int

    /// Removes every row of every kind.
    func deleteAllRows() async throws
}

extension StoreRows {
    public func readOutboxRevision(key: SyncKey) async throws -> Int? {
        try await readOutboxRow(key: key)?.revision
    }

    // A store without an indexed query for this answers it from every record; the phone's
    // answers its watch at most once a pull page (`WatchLinkServer`).

    public func readPeerSessions(since: Date) async throws -> [Session] {
        try await Self.peerSessions(readEveryRecord().sessions, since: since)
    }

    /// The sessions `readPeerSessions(since:)` answers, of `sessions`, oldest start first.
    public static func peerSessions(_ sessions: [Session], since: Date) -> [Session] {
        let newestEnded = sessions.filter { $0.deletedAt == nil && !$0.isActive }
            .max { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }
        return sessions
            .filter { ($0.isActive && $0.deletedAt == nil) || $0.startTime >= since || $0.id == newestEnded?.id }
            .sorted { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }
    }
}
