import Foundation
import SQLiteNIO
import WaterlineSQLite
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// Reading and encoding the store's rows: each record is kept whole as JSON in `body`, with the
/// columns queries need beside it.
enum Rows {
    static func one<Value: Decodable>(
        _ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteHandle, skipping unreadable: UnreadableRows
    ) throws -> Value? {
        try all(type, sql, binds, db, skipping: unreadable).first
    }

    /// The rows of `sql` (which selects `id` and `body` from one table) that decode; those that do
    /// not are noted in `unreadable` and left out, so one bad row cannot stop every command.
    static func all<Value: Decodable>(
        _ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteHandle, skipping unreadable: UnreadableRows
    ) throws -> [Value] {
        let table = self.table(of: sql)
        return try db.rows(sql, binds).compactMap { decode(type, $0, table: table, skipping: unreadable) }
    }

    /// On a damaged store: the rows SQLite could read before it met the damage (and those that
    /// still decode), so what is intact can be saved.
    static func salvage<Value: Decodable>(
        _ type: Value.Type, _ sql: String, _ binds: [SQLiteData], _ db: SQLiteHandle, skipping unreadable: UnreadableRows
    ) -> [Value] {
        var collected: [SQLiteValuesRow] = []
        try? db.run(sql, binds) { collected.append($0) }
        let table = self.table(of: sql)
        return collected.compactMap { decode(type, $0, table: table, skipping: unreadable) }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ row: SQLiteValuesRow, table: String, skipping unreadable: UnreadableRows) -> Value? {
        guard let body = row.column("body")?.string else { return nil }
        do {
            return try WaterlineCoding.decoder().decode(Value.self, from: Data(body.utf8))
        } catch {
            unreadable.note(table: table, key: row.column("id")?.string ?? "?", error: error)
            return nil
        }
    }

    /// The table a one-table `SELECT … FROM <table> …` reads.
    private static func table(of sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace)
        guard let from = words.firstIndex(of: "FROM"), from + 1 < words.endIndex else { return "?" }
        return String(words[from + 1])
    }

    /// Outbox rows matching `clause` (a WHERE and/or ORDER BY with LIMIT); a payload that does not
    /// decode is noted in `unreadable` and left out (and in the outbox).
    static func pending(_ db: SQLiteHandle, _ clause: String, _ binds: [SQLiteData], skipping unreadable: UnreadableRows) throws -> [PendingChange] {
        try db.rows("SELECT key, sequence, revision, failure, payload FROM outbox_changes \(clause)", binds).compactMap { row in
            let payload: SyncPayload
            do {
                payload = try WaterlineCoding.decoder().decode(SyncPayload.self, from: Data((row.column("payload")?.string ?? "").utf8))
            } catch {
                unreadable.note(table: "outbox_changes", key: row.column("key")?.string ?? "?", error: error)
                return nil
            }
            return PendingChange(
                payload: payload,
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
