import Foundation
import SQLKit
import SQLiteNIO
import WaterlineAPI
import WaterlineCore

/// Log entries: one at a time under the replace rule, and runs of new ones many to a statement.
extension WaterlineRepository {
    // MARK: Log entries

    public func upsertLog(_ log: LogEntry, for caller: Caller) async throws -> LogEntry {
        switch try await storeLog(log, for: caller) {
        case .sent: log
        case .stored(let body): try decode(body, as: LogEntry.self)
        }
    }

    /// As `upsertLog`, answering the kept entry as its JSON (what the database holds), so a
    /// caller that only sends it on need not encode it again.
    public func upsertLogJSON(_ log: LogEntry, for caller: Caller) async throws -> String {
        switch try await storeLog(log, for: caller) {
        case .sent(let body), .stored(let body): body
        }
    }

    /// What a write kept: exactly what was sent, or the stored version (which may be newer).
    enum Kept {
        case sent(String)
        case stored(String)
    }

    /// The common case of a log write, for a run of logs at once: each inserted if it is new, its
    /// session is one of the caller's live ones and has room, in order. Answers how many of the
    /// leading `logs` were stored (exactly as given: `body` is each one's JSON); the rest take
    /// `storeLog`'s full path, which says why.
    func insertNewLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller) async -> Int {
        if let groups = sql as? GroupCommitDatabase {
            return await insertNewLogs(logs, for: caller, in: groups)
        }
        return await insertNewLivePostgresLogs(logs, for: caller)
    }

    /// SQLite: the run in one hand-over to the database thread, stopping at the first statement
    /// that does not insert all it was given. One session's consecutive logs go in statements of
    /// many rows (the largest power of two that fits, up to 512: a few statement texts, each
    /// prepared once), which keep the run's order: each needs room for all of its rows and
    /// numbers them from the account's next change number in order, and the numbering trigger
    /// refuses a number out of step, so a row left out (an id already stored) undoes the whole
    /// statement unless it was its last (then the rows before it are the stored part). Any other
    /// log goes in a statement of its own.
    func insertNewLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller, in groups: GroupCommitDatabase) async -> Int {
        var statements: [(sql: String, binds: [SQLiteData], rows: Int)] = []
        var rest = logs[...]
        while let first = rest.first {
            let sessionId = first.log.sessionId
            let sameSession = rest.prefix { $0.log.sessionId == sessionId }.count
            var size = 1
            while size * 2 <= min(sameSession, 512) { size *= 2 }
            statements.append(size == 1 ? newLog(first, for: caller) : newLogs(rest.prefix(size), for: caller))
            rest = rest.dropFirst(size)
        }
        // An error stops the run where it happened; that log's full path meets it again.
        return await groups.runWhileAnswered(statements).rows.count
    }

    /// A new log's insert, alone.
    func newLog(_ entry: (log: LogEntry, body: String), for caller: Caller) -> (sql: String, binds: [SQLiteData], rows: Int) {
        let (log, body) = entry
        let session = key(log.sessionId)
        return ("""
            INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, deleted_at, body, seq)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT change_seq + 1 FROM users WHERE id = ?2)
            WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?3 AND owner_id = ?2 AND deleted_at IS NULL)
              AND COALESCE((SELECT kept < ?8 AND (?9 OR live < ?10) FROM record_counts WHERE owner_id = ?2 AND scope = ?11), 1)
            ON CONFLICT (owner_id, id) DO NOTHING
            RETURNING id
            """, [
                .text(key(log.id)), .text(caller.key), .text(session), .float(ms(log.timestamp)), .float(ms(log.updatedAt)),
                log.deletedAt.map { .float(ms($0)) } ?? .null, .text(body),
                .integer(Limits.logsPerSession * Limits.keptPerLive), .integer(log.deletedAt == nil ? 0 : 1), .integer(Limits.logsPerSession),
                .text(RecordCounts.scope("log_entries", session: session)),
            ], 1)
    }

    /// One session's new logs in one insert, in order: the account's change number before it plus
    /// each row's place is that row's number. `entries` holds a power of two of them, 2 to 512.
    func newLogs(_ entries: ArraySlice<(log: LogEntry, body: String)>, for caller: Caller) -> (sql: String, binds: [SQLiteData], rows: Int) {
        let session = key(entries[entries.startIndex].log.sessionId)
        let live = entries.filter { $0.log.deletedAt == nil }.count
        var binds: [SQLiteData] = [
            .text(caller.key), .text(session), .integer(entries.count), .integer(Limits.logsPerSession * Limits.keptPerLive),
            .integer(live), .integer(Limits.logsPerSession), .text(RecordCounts.scope("log_entries", session: session)),
        ]
        binds.reserveCapacity(7 + entries.count * 6)
        for (place, (log, body)) in entries.enumerated() {
            binds += [.text(key(log.id)), .float(ms(log.timestamp)), .float(ms(log.updatedAt)), log.deletedAt.map { .float(ms($0)) } ?? .null, .text(body), .integer(place + 1)]
        }
        return (Self.multiRowInserts[entries.count.trailingZeroBitCount - 1], binds, entries.count)
    }

    /// `newLogs`' statement for 2¹ to 2⁹ rows, at the power less one: written once each.
    static let multiRowInserts: [String] = (1...9).map { power in
        let rows = (0..<(1 << power)).map { row in
            let first = 8 + row * 6
            return "(?\(first), ?\(first + 1), ?\(first + 2), ?\(first + 3), ?\(first + 4), ?\(first + 5))"
        }
        return """
            INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, deleted_at, body, seq)
            SELECT run.column1, ?1, ?2, run.column2, run.column3, run.column4, run.column5,
                   (SELECT change_seq FROM users WHERE id = ?1) + run.column6
            FROM (VALUES \(rows.joined(separator: ", "))) AS run
            WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?2 AND owner_id = ?1 AND deleted_at IS NULL)
              AND COALESCE((SELECT kept + ?3 <= ?4 AND live + ?5 <= ?6 FROM record_counts WHERE owner_id = ?1 AND scope = ?7), 1)
            ON CONFLICT (owner_id, id) DO NOTHING
            RETURNING id
            """
    }

    /// PostgreSQL: the leading live logs in one statement (one round trip and one commit for
    /// hundreds), inserted only if every one of them is new, distinct and in one of the caller's
    /// live sessions; the numbering trigger holds the quota per row, and one over it fails the
    /// whole statement. Anything else inserts nothing, and each log takes the full path.
    func insertNewLivePostgresLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller) async -> Int {
        let run = logs.prefix { $0.log.deletedAt == nil }
        guard !run.isEmpty else { return 0 }
        let ids = run.map { key($0.log.id) }
        let sessions = run.map { key($0.log.sessionId) }
        let inserted: Set<String>
        do {
            inserted = Set(try await sql.raw("""
                INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, body)
                SELECT run.id, \(bind: caller.key), run.session_id, run.timestamp, run.updated_at, run.body
                FROM unnest(\(bind: ids)::text[], \(bind: sessions)::text[],
                            \(bind: run.map { ms($0.log.timestamp) })::float8[], \(bind: run.map { ms($0.log.updatedAt) })::float8[],
                            \(bind: run.map(\.body))::text[])
                     WITH ORDINALITY AS run (id, session_id, timestamp, updated_at, body, position)
                WHERE (SELECT COUNT(DISTINCT new.id) FROM unnest(\(bind: ids)::text[]) AS new (id)) = \(bind: ids.count)
                  AND NOT EXISTS (SELECT 1 FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = ANY(\(bind: ids)::text[]))
                  AND NOT EXISTS (
                      SELECT 1 FROM unnest(\(bind: sessions)::text[]) AS asked (id)
                      WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE owner_id = \(bind: caller.key) AND id = asked.id AND deleted_at IS NULL))
                ORDER BY run.position
                ON CONFLICT (owner_id, id) DO NOTHING
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: String.self) })
        } catch {
            // A session past its quota (the trigger refuses the statement) or the database itself:
            // the full path meets it again, log by log, and says which.
            return 0
        }
        // A log another writer stored meanwhile was skipped; the ones after it are stored, and
        // their full path finds them kept as sent.
        return ids.prefix { inserted.contains($0) }.count
    }

    func storeLog(_ log: LogEntry, for caller: Caller) async throws -> Kept {
        // The common case in one statement: a new log in one of the caller's live sessions with
        // room left. Anything else (an edit, a deleted or foreign session, a full session, an
        // id already stored) inserts nothing here and takes the full path below, which says why.
        // What is stored is exactly `log`, so the answer is `log` itself (no read back).
        let body = try json(log)
        if let groups = sql as? GroupCommitDatabase {
            let stored = await insertNewLogs([(log, body)], for: caller, in: groups)
            return stored == 1 ? .sent(body) : try await storeLogFully(log, body: body, for: caller)
        }
        let id = key(log.id), session = key(log.sessionId)
        let inserted: (any SQLRow)?
        do {
            inserted = try await sql.raw("""
                INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: session), \(bind: ms(log.timestamp)),
                       \(bind: ms(log.updatedAt)), \(bind: log.deletedAt.map(ms)), \(bind: body)
                WHERE EXISTS (SELECT 1 FROM sessions WHERE id = \(bind: session) AND owner_id = \(bind: caller.key) AND deleted_at IS NULL)
                  AND \(room("log_entries", caller, session: session, limit: Limits.logsPerSession, live: log.deletedAt == nil))
                ON CONFLICT (owner_id, id) DO NOTHING
                RETURNING id
                """).first()
        } catch where isQuotaViolation(error) {
            throw try await quotaError("log_entries", caller, session: session, limit: Limits.logsPerSession, what: "logs")
        }
        if inserted != nil { return .sent(body) }
        return try await storeLogFully(log, body: body, for: caller)
    }

    /// A log write that is not the common case: an edit, a move, a tombstone, a refusal.
    func storeLogFully(_ log: LogEntry, body: String, for caller: Caller) async throws -> Kept {
        let id = key(log.id), session = key(log.sessionId)
        guard let sessionRow = try await sql.raw("""
            SELECT deleted_at FROM sessions WHERE id = \(bind: session) AND owner_id = \(bind: caller.key)
            """).first() else { throw FunctionError.notFound("session", session) }
        let was = try await sql.raw("SELECT session_id FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = \(bind: id)").first()
        // New here, or moved from another session: the session it lands in is checked as for a new
        // entry (a move must not slip past a deleted session or a full one).
        let arrives = try was.map { try $0.decode(column: "session_id", as: String.self) != session } ?? true
        if arrives {
            // A deleted session takes no new entries; changes to the ones it had still arrive, and so
            // does a tombstone (a device that deleted an entry it never pushed, then the session).
            if log.deletedAt == nil, try sessionRow.decodeNil(column: "deleted_at") == false {
                throw FunctionError.notFound("session", session)
            }
        }
        let roomIfArriving: SQLQueryString = arrives
            ? "\(room("log_entries", caller, session: session, limit: Limits.logsPerSession, live: log.deletedAt == nil))" : "1 = 1"
        do {
            try await sql.raw("""
                INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: session), \(bind: ms(log.timestamp)),
                       \(bind: ms(log.updatedAt)), \(bind: log.deletedAt.map(ms)), \(bind: body)
                WHERE \(roomIfArriving)
                ON CONFLICT (owner_id, id) DO UPDATE SET session_id = excluded.session_id, timestamp = excluded.timestamp,
                    updated_at = excluded.updated_at, deleted_at = excluded.deleted_at, body = excluded.body
                WHERE \(unsafeRaw: Self.replaceRule("log_entries"))
                """).run()
        } catch where isQuotaViolation(error) {
            throw try await quotaError("log_entries", caller, session: session, limit: Limits.logsPerSession, what: "logs")
        }
        // Arriving without room, nothing was written: a new entry is refused; a move stays in its
        // session, refused too unless the kept version won anyway (a tombstone, a later stamp).
        if arrives, try await sql.raw("""
            SELECT 1 AS found FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = \(bind: id) AND session_id = \(bind: session)
            """).first() == nil {
            let keptWins = try await sql.raw("""
                SELECT 1 AS found FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = \(bind: id)
                AND (deleted_at IS NOT NULL OR (\(bind: log.deletedAt == nil) AND updated_at >= \(bind: ms(log.updatedAt))))
                """).first() != nil
            if was == nil || !keptWins {
                throw try await quotaError("log_entries", caller, session: session, limit: Limits.logsPerSession, what: "logs")
            }
        }
        return .stored(try await storedBody("log_entries", id: log.id, for: caller))
    }

    public func deleteLog(_ tombstone: Tombstone, for caller: Caller) async throws -> LogEntry {
        var log = try await stored("log_entries", id: tombstone.id, for: caller, as: LogEntry.self)
        guard log.deletedAt == nil else { return log }
        log.deletedAt = tombstone.deletedAt
        log.updatedAt = tombstone.deletedAt
        return try await upsertLog(log, for: caller)
    }

    /// A session's entries in replay order, tombstones included.
    public func logs(sessionId: UUID, for caller: Caller) async throws -> [LogEntry] {
        guard try await owns("sessions", id: sessionId, caller) else { throw FunctionError.notFound("session", key(sessionId)) }
        return try await sql.raw("""
            SELECT body FROM log_entries WHERE owner_id = \(bind: caller.key) AND session_id = \(bind: key(sessionId))
            ORDER BY timestamp, id
            """).all().map { try decode($0, as: LogEntry.self) }
    }
}
