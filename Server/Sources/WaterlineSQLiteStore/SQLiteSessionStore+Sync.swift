import Foundation
import SQLiteNIO
import WaterlineSQLite
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// The store's sync bookkeeping: the change feed (what a paired device or Health follows) and the
/// pull cursor.
extension SQLiteSessionStore {
    // MARK: The change feed: one row per record, indexed by sequence

    public func readFeed(after sequence: Int, limit: Int) async throws -> [FeedEntry] {
        try connection.rows("SELECT entity, record_id, sequence, from_peer FROM feed WHERE sequence > ? ORDER BY sequence LIMIT ?", [.integer(sequence), .integer(limit)])
            .compactMap { row in
                guard let entity = row.column("entity")?.string.flatMap(SyncEntity.init(rawValue:)), let sequence = row.column("sequence")?.integer else { return nil }
                let id = row.column("record_id")?.string.flatMap(UUID.init(uuidString:))
                return FeedEntry(key: SyncKey(entity: entity, id: id), sequence: sequence, fromPeer: (row.column("from_peer")?.integer ?? 0) != 0)
            }
    }

    public func writeFeedEntry(_ entry: FeedEntry) async throws {
        try connection.run(
            "INSERT OR REPLACE INTO feed (key, entity, record_id, sequence, from_peer) VALUES (?, ?, ?, ?, ?)",
            [.text(entry.key.description), .text(entry.key.entity.rawValue), entry.key.id.map { Rows.key($0) } ?? .null,
             .integer(entry.sequence), .integer(entry.fromPeer ? 1 : 0)]
        )
    }

    public func readLastFeedSequence() async throws -> Int {
        try await integer("SELECT COALESCE(MAX(sequence), 0) AS last FROM feed", column: "last")
    }

    // MARK: The cursor

    public func readCursor() async throws -> SyncCursor? {
        guard let row = try connection.rows("SELECT account_id, position FROM sync_state WHERE id = 1").first,
              let account = row.column("account_id")?.string.flatMap(UUID.init(uuidString:)) else { return nil }
        return SyncCursor(accountId: account, position: row.column("position")?.integer)
    }

    public func writeCursor(_ cursor: SyncCursor?) async throws {
        guard let cursor else {
            try connection.run("DELETE FROM sync_state")
            return
        }
        try connection.run(
            "INSERT OR REPLACE INTO sync_state (id, account_id, position) VALUES (1, ?, ?)",
            [Rows.key(cursor.accountId), cursor.position.map { .integer($0) } ?? .null]
        )
    }
}
