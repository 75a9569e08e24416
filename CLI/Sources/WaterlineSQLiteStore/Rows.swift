import Foundation
import SQLiteNIO
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// Reading and encoding the store's rows: each record is kept whole as JSON in `body`, with the
/// columns queries need beside it.
enum Rows {
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

    /// Outbox rows matching `clause` (a WHERE and/or ORDER BY with LIMIT).
    static func pending(_ db: SQLiteConnection, _ clause: String, _ binds: [SQLiteData]) async throws -> [PendingChange] {
        try await db.query("SELECT sequence, revision, failure, payload FROM outbox_changes \(clause)", binds).map { row in
            PendingChange(
                payload: try WaterlineCoding.decoder().decode(SyncPayload.self, from: Data((row.column("payload")?.string ?? "").utf8)),
                sequence: row.column("sequence")?.integer ?? 0, revision: row.column("revision")?.integer ?? 1,
                failure: row.column("failure")?.string
            )
        }
    }

    static func key(_ id: UUID) -> SQLiteData { .text(id.uuidString.lowercased()) }

    static func time(_ date: Date?) -> SQLiteData { date.map { .float($0.timeIntervalSince1970) } ?? .null }

    static func json(_ value: some Encodable) throws -> SQLiteData {
        .text(String(decoding: try WaterlineCoding.encoder(pretty: false).encode(value), as: UTF8.self))
    }
}
