import Foundation
import SQLiteNIO
import WaterlineSQLite
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// The store's tables, versioned with `PRAGMA user_version`.
///
/// Stores written by the earlier GRDB-based version recorded their migrations in
/// `grdb_migrations` instead; such a store already has version 1's tables and is adopted as is.
enum StoreSchema {
    static let version = 3

    static func migrate(_ connection: SQLiteHandle) throws {
        let recorded = Int(try connection.rows("PRAGMA user_version").first?.column("user_version")?.integer ?? 0)
        var current = recorded
        if recorded == 0, try hasGRDBMigration("v1", connection) { current = 1 }
        if current > version { throw StoreSchemaError.newerVersion(current) }
        if current == version {
            if recorded != current { _ = try connection.rows("PRAGMA user_version = \(current)") }
            return
        }
        _ = try connection.rows("BEGIN IMMEDIATE")
        do {
            if current < 1 {
                for statement in v1 { _ = try connection.rows(statement) }
            }
            if current < 2 { try migrateToV2(connection) }
            if current < 3 {
                for statement in v3 { _ = try connection.rows(statement) }
            }
            _ = try connection.rows("PRAGMA user_version = \(version)")
            _ = try connection.rows("COMMIT")
        } catch {
            _ = try? connection.rows("ROLLBACK")
            throw error
        }
    }

    private static func hasGRDBMigration(_ identifier: String, _ connection: SQLiteHandle) throws -> Bool {
        let table = try connection.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
        guard !table.isEmpty else { return false }
        return try !connection.rows("SELECT 1 FROM grdb_migrations WHERE identifier = ?", [.text(identifier)]).isEmpty
    }

    /// Version 2: the outbox as one row per record (it was one JSON value, rewritten whole at
    /// each write), and the sync cursor with the account it belongs to.
    static let v2 = [
        """
        CREATE TABLE IF NOT EXISTS outbox_changes (
            key TEXT PRIMARY KEY, sequence INTEGER NOT NULL, revision INTEGER NOT NULL, failure TEXT, payload TEXT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS outbox_changes_by_sequence ON outbox_changes (sequence)",
        "CREATE TABLE IF NOT EXISTS sync_state (id INTEGER PRIMARY KEY CHECK (id = 1), account_id TEXT NOT NULL, position INTEGER)",
    ]

    /// Version 3: the change feed (`FeedEntry`), one row per record, read in sequence order. A
    /// store migrated to it starts with an empty feed, which the first paired pull fills.
    static let v3 = [
        "CREATE TABLE IF NOT EXISTS feed (key TEXT PRIMARY KEY, entity TEXT NOT NULL, record_id TEXT, sequence INTEGER NOT NULL, from_peer BOOLEAN NOT NULL DEFAULT 0)",
        "CREATE INDEX IF NOT EXISTS feed_by_sequence ON feed (sequence)",
    ]

    private static func migrateToV2(_ connection: SQLiteHandle) throws {
        for statement in v2 { _ = try connection.rows(statement) }
        // What was waiting in the old single-value outbox keeps its order.
        let hasOldOutbox = try !connection.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").isEmpty
        if hasOldOutbox, let body = try connection.rows("SELECT body FROM outbox WHERE id = 1").first?.column("body")?.string {
            let outbox = try WaterlineCoding.decoder().decode(LegacyOutbox.self, from: Data(body.utf8))
            for change in outbox.changes.values.sorted(by: { $0.sequence < $1.sequence }) {
                _ = try connection.rows(
                    "INSERT INTO outbox_changes (key, sequence, revision, failure, payload) VALUES (?, ?, ?, ?, ?)",
                    [.text(change.id.description), .integer(change.sequence), .integer(change.revision),
                     change.failure.map { .text($0) } ?? .null, try Rows.json(change.payload)]
                )
            }
        }
        _ = try connection.rows("DROP TABLE IF EXISTS outbox")
    }

    /// Version 1, the same tables the GRDB-based store created.
    static let v1 = [
        "CREATE TABLE IF NOT EXISTS user (id TEXT PRIMARY KEY, body TEXT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY, start_time DOUBLE NOT NULL, is_active BOOLEAN NOT NULL, deleted_at DOUBLE, body TEXT NOT NULL
        )
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS sessions_one_active ON sessions (is_active) WHERE is_active AND deleted_at IS NULL",
        """
        CREATE TABLE IF NOT EXISTS log_entries (
            id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            timestamp DOUBLE NOT NULL, deleted_at DOUBLE, body TEXT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS log_entries_by_session ON log_entries (session_id, timestamp, id)",
        "CREATE TABLE IF NOT EXISTS presets (id TEXT PRIMARY KEY, sort_order INTEGER NOT NULL, deleted_at DOUBLE, body TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL)",
    ]
}

/// Version 1's outbox: every waiting change in one JSON value, keyed by record.
private struct LegacyOutbox: Decodable {
    var changes: [SyncKey: PendingChange]
}

/// A store written by a newer Waterline than this one.
enum StoreSchemaError: Error, CustomStringConvertible {
    case newerVersion(Int)

    var description: String {
        switch self {
        case .newerVersion(let version): "the store was written by a newer Waterline (schema \(version)); update waterline to open it"
        }
    }
}
