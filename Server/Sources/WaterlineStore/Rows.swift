import Foundation
import SQLiteNIO
import WaterlineKit

/// The store's rows: each record is kept whole as JSON in `body`, with the columns queries need beside it.
enum Rows {
    static func user(_ db: SQLiteConnection) async throws -> User? {
        try await one(User.self, "SELECT body FROM user", [], db)
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

    static func write(_ session: Session, _ db: SQLiteConnection) async throws {
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
        try await enqueue(.session(SessionRecord(session)), db)
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

    static func outbox(_ db: SQLiteConnection) async throws -> Outbox {
        try await one(Outbox.self, "SELECT body FROM outbox WHERE id = 1", [], db) ?? Outbox()
    }

    static func updateOutbox(_ db: SQLiteConnection, _ change: (inout Outbox) -> Void) async throws {
        var outbox = try await outbox(db)
        change(&outbox)
        _ = try await db.query("INSERT OR REPLACE INTO outbox (id, body) VALUES (1, ?)", [try json(outbox)])
    }

    static func enqueue(_ payload: SyncPayload, _ db: SQLiteConnection) async throws {
        try await updateOutbox(db) { $0.enqueue(payload) }
    }

    static func key(_ id: UUID) -> SQLiteData { .text(id.uuidString.lowercased()) }

    static func time(_ date: Date?) -> SQLiteData { date.map { .float($0.timeIntervalSince1970) } ?? .null }

    static func json(_ value: some Encodable) throws -> SQLiteData {
        .text(String(decoding: try WaterlineCoding.encoder(pretty: false).encode(value), as: UTF8.self))
    }
}
