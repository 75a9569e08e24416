import Foundation
import SQLKit
import SQLiteNIO
import WaterlineAPI
import WaterlineCore

/// What the repository's statements share: ownership and room checks, counts, decoding.
extension WaterlineRepository {
    // MARK: Helpers

    /// `Stamp.isReplaced(by:)` in SQL (rows are keyed by owner, so a conflict is always the caller's own row).
    static func replaceRule(_ table: String) -> String {
        """
        \(table).deleted_at IS NULL
        AND (excluded.deleted_at IS NOT NULL OR excluded.updated_at > \(table).updated_at)
        """
    }

    /// The stored record with `id`, which must belong to `caller` (another user's answers not found).
    func stored<Record: Decodable>(_ table: String, id: UUID, for caller: Caller, as type: Record.Type) async throws -> Record {
        try decode(try await storedBody(table, id: id, for: caller), as: Record.self)
    }

    /// The stored record's JSON, as `stored` reads it, without decoding it.
    func storedBody(_ table: String, id: UUID, for caller: Caller) async throws -> String {
        let row = try await sql.raw("SELECT body FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) AND id = \(bind: key(id))").first()
        guard let row else { throw FunctionError.notFound(Self.noun(table), key(id)) }
        return try row.decode(column: "body", as: String.self)
    }

    func owns(_ table: String, id: UUID, _ caller: Caller) async throws -> Bool {
        try await sql.raw("SELECT 1 AS found FROM \(unsafeRaw: table) WHERE id = \(bind: key(id)) AND owner_id = \(bind: caller.key)")
            .first() != nil
    }

    /// A SQL condition: `caller` already keeps the record `id` in `table` (an update needs no room).
    func kept(_ table: String, id: String, _ caller: Caller) -> SQLQueryString {
        "EXISTS (SELECT 1 FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) AND id = \(bind: id))"
    }

    /// A SQL condition: `table` (one session's entries when `session` is given) has room for one
    /// more record: fewer than `limit` live ones when the record is live (tombstones do not count
    /// against it), and fewer than `limit × Limits.keptPerLive` counting tombstones. Part of the
    /// insert itself, so two writers cannot both take the last place (SQLite runs one statement
    /// at a time; PostgreSQL's numbering trigger checks again under the account's lock).
    func room(_ table: String, _ caller: Caller, session: String? = nil, limit: Int, live: Bool) -> SQLQueryString {
        // Both keep the counts (`RecordCounts`): one row, however many records.
        """
        COALESCE((SELECT kept < \(bind: limit * Limits.keptPerLive) AND (\(bind: !live) OR live < \(bind: limit))
                  FROM record_counts WHERE owner_id = \(bind: caller.key) AND scope = \(bind: RecordCounts.scope(table, session: session))), TRUE)
        """
    }

    /// The rows `caller` keeps in `table` (within one session when `session` is given), tombstones included.
    func count(_ table: String, _ caller: Caller, session: String? = nil) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) \(Self.scope(session))")
            .first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Narrows a count to one session's entries, or leaves it the whole account's.
    static func scope(_ session: String?) -> SQLQueryString {
        guard let session else { return "" }
        return "AND session_id = \(bind: session)"
    }

    /// Why a new record found no room: the live limit, or (rarely) the one counting tombstones.
    func quotaError(_ table: String, _ caller: Caller, session: String? = nil, limit: Int, what: String) async throws -> FunctionError {
        // The kept count the room check read (`RecordCounts`), not the records counted again.
        let total = try await sql.raw("""
            SELECT kept FROM record_counts WHERE owner_id = \(bind: caller.key) AND scope = \(bind: RecordCounts.scope(table, session: session))
            """).first()?.decode(column: "kept", as: Int.self) ?? 0
        let holder = session == nil ? "an account" : "a session"
        if total >= limit * Limits.keptPerLive {
            return FunctionError(.quotaExceeded, "\(holder) keeps at most \(limit * Limits.keptPerLive) \(what), deleted ones included")
        }
        return FunctionError(.quotaExceeded, "\(holder) keeps at most \(limit) \(what)")
    }

    func decodeUser(_ row: any SQLRow) throws -> User {
        User(
            id: try UUID(uuidString: row.decode(column: "id", as: String.self)) ?? UUID(),
            appleUserId: try row.decode(column: "apple_sub", as: String.self),
            createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self) / 1000),
            settings: try decode(try row.decode(column: "settings", as: String.self), as: UserSettings.self),
            updatedAt: Date(timeIntervalSince1970: try row.decode(column: "updated_at", as: Double.self) / 1000)
        )
    }

    func decode<Record: Decodable>(_ row: any SQLRow, as type: Record.Type) throws -> Record {
        try decode(try row.decode(column: "body", as: String.self), as: Record.self)
    }

    func decode<Record: Decodable>(_ body: String, as type: Record.Type) throws -> Record {
        try WireJSON.decode(Record.self, from: body)
    }

    func json(_ value: some Encodable) throws -> String {
        try WireJSON.text(value)
    }

    func key(_ id: UUID) -> String { id.key }

    func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    static func noun(_ table: String) -> String {
        switch table {
        case "sessions": "session"
        case "log_entries": "log entry"
        default: "preset"
        }
    }
}
