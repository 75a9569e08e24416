import Foundation
import SQLiteNIO
import WaterlineKit

/// The store's rows: each record is kept whole as JSON in `body`, with the columns queries need beside it.
enum Rows {
    static func user(_ db: SQLiteConnection) async throws -> User? {
        try await one(User.self, "SELECT body FROM user", [], db)
    }

    static func hasSession(_ id: UUID, _ db: SQLiteConnection) async throws -> Bool {
        try await !db.query("SELECT 1 FROM sessions WHERE id = ?", [key(id)]).isEmpty
    }

    static func activeSession(_ db: SQLiteConnection) async throws -> Session? {
        try await one(Session.self, "SELECT body FROM sessions WHERE is_active AND deleted_at IS NULL", [], db)
    }

    static func one<Value: Decodable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteConnection) async throws -> Value? {
        try await all(type, sql, binds, db).first
    }

    static func all<Value: Decodable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteConnection) async throws -> [Value] {
        try await db.query(sql, binds).compactMap { try decode(type, $0) }
    }

    /// On a damaged store: the rows SQLite could read before it met the damage (and those that
    /// still decode), so what is intact can be saved.
    static func salvage<Value: Decodable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteConnection) async -> [Value] {
        let collected = RowCollector()
        try? await db.query(sql, binds) { collected.append($0) }
        return collected.rows.compactMap { try? decode(type, $0) }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ row: SQLiteRow) throws -> Value? {
        guard let body = row.column("body")?.string else { return nil }
        return try WaterlineCoding.decoder().decode(Value.self, from: Data(body.utf8))
    }

    static func write(_ session: Session, enqueueing: Bool = true, _ db: SQLiteConnection) async throws {
        // An upsert, never INSERT OR REPLACE: replacing deletes the row first, and the delete
        // would cascade to the session's logs.
        _ = try await db.query(
            """
            INSERT INTO sessions (id, start_time, is_active, deleted_at, body) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET start_time = excluded.start_time, is_active = excluded.is_active,
                deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [key(session.id), .float(session.startTime.timeIntervalSince1970), .integer(session.isActive && session.deletedAt == nil ? 1 : 0),
             time(session.deletedAt), try json(session)]
        )
        if enqueueing { try await enqueue(.session(SessionRecord(session)), db) }
    }

    static func write(_ log: LogEntry, _ db: SQLiteConnection) async throws {
        _ = try await db.query(
            """
            INSERT INTO log_entries (id, session_id, timestamp, deleted_at, body) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET session_id = excluded.session_id, timestamp = excluded.timestamp,
                deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [key(log.id), key(log.sessionId), .float(log.timestamp.timeIntervalSince1970), time(log.deletedAt), try json(log)]
        )
    }

    static func write(_ preset: DrinkPreset, _ db: SQLiteConnection) async throws {
        _ = try await db.query(
            """
            INSERT INTO presets (id, sort_order, deleted_at, body) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET sort_order = excluded.sort_order, deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [key(preset.id), .integer(preset.sortOrder), time(preset.deletedAt), try json(preset)]
        )
    }

    // MARK: Outbox: one row per record waiting, indexed by key and by queue order

    /// Records that `payload` is the latest local state of its record (`Outbox.enqueue` in SQL):
    /// a record already waiting keeps its place and bumps its revision.
    static func enqueue(_ payload: SyncPayload, _ db: SQLiteConnection) async throws {
        _ = try await db.query(
            """
            INSERT INTO outbox_changes (key, sequence, revision, failure, payload)
            VALUES (?, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM outbox_changes), 1, NULL, ?)
            ON CONFLICT (key) DO UPDATE SET revision = revision + 1, failure = NULL, payload = excluded.payload
            """,
            [.text(payload.key.description), try json(payload)]
        )
    }

    static func pending(_ db: SQLiteConnection, waitingOnly: Bool, limit: Int?) async throws -> [PendingChange] {
        let rows = try await db.query(
            "SELECT sequence, revision, failure, payload FROM outbox_changes \(waitingOnly ? "WHERE failure IS NULL" : "") ORDER BY sequence LIMIT ?",
            [.integer(limit ?? -1)]
        )
        return try rows.map { row in
            PendingChange(
                payload: try WaterlineCoding.decoder().decode(SyncPayload.self, from: Data((row.column("payload")?.string ?? "").utf8)),
                sequence: row.column("sequence")?.integer ?? 0, revision: row.column("revision")?.integer ?? 1,
                failure: row.column("failure")?.string
            )
        }
    }

    static func outboxCounts(_ db: SQLiteConnection) async throws -> OutboxCounts {
        let row = try await db.query("SELECT COUNT(*) AS total, COUNT(failure) AS failed FROM outbox_changes").first
        let total = row?.column("total")?.integer ?? 0
        let failed = row?.column("failed")?.integer ?? 0
        return OutboxCounts(pending: total - failed, failed: failed)
    }

    static func complete(_ key: SyncKey, revision: Int, _ db: SQLiteConnection) async throws {
        _ = try await db.query("DELETE FROM outbox_changes WHERE key = ? AND revision = ?", [.text(key.description), .integer(revision)])
    }

    static func fail(_ key: SyncKey, revision: Int, reason: String, _ db: SQLiteConnection) async throws {
        _ = try await db.query(
            "UPDATE outbox_changes SET failure = ? WHERE key = ? AND revision = ?", [.text(reason), .text(key.description), .integer(revision)]
        )
    }

    static func discard(_ key: SyncKey, _ db: SQLiteConnection) async throws {
        _ = try await db.query("DELETE FROM outbox_changes WHERE key = ?", [.text(key.description)])
    }

    static func syncCursor(_ db: SQLiteConnection) async throws -> SyncCursor? {
        guard let row = try await db.query("SELECT account_id, position FROM sync_state WHERE id = 1").first,
              let account = row.column("account_id")?.string.flatMap(UUID.init(uuidString:)) else { return nil }
        return SyncCursor(accountId: account, position: row.column("position")?.integer)
    }

    static func saveSyncCursor(_ cursor: SyncCursor?, _ db: SQLiteConnection) async throws {
        guard let cursor else {
            _ = try await db.query("DELETE FROM sync_state")
            return
        }
        _ = try await db.query(
            "INSERT OR REPLACE INTO sync_state (id, account_id, position) VALUES (1, ?, ?)",
            [key(cursor.accountId), cursor.position.map { .integer($0) } ?? .null]
        )
    }

    static func key(_ id: UUID) -> SQLiteData { .text(id.uuidString.lowercased()) }

    static func time(_ date: Date?) -> SQLiteData { date.map { .float($0.timeIntervalSince1970) } ?? .null }

    static func json(_ value: some Encodable) throws -> SQLiteData {
        .text(String(decoding: try WaterlineCoding.encoder(pretty: false).encode(value), as: UTF8.self))
    }
}
