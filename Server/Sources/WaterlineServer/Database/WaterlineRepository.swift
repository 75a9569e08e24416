import Foundation
import SQLKit
import SQLiteNIO
import WaterlineAPI
import WaterlineCore

/// Every read and write the functions make, scoped to one owner, in SQL both dialects run.
///
/// Records are stored whole as JSON in `body`, beside the columns that are filtered or
/// indexed. Upserts are single `INSERT … ON CONFLICT DO UPDATE … WHERE` statements, so the
/// last-write-wins and tombstone rules (`Stamp.isReplaced(by:)`) hold under concurrent writers.
public struct WaterlineRepository: Sendable {
    let sql: any SQLDatabase
    private let validTokens: ValidTokenCache?

    public init(database: Database) {
        sql = database.sql
        validTokens = database.validTokens
    }

    /// Runs `body`, whose writes are answered without waiting for the disk each, then waits for
    /// all of them to be durable at once: a batch pays for one sync, and still answers only what
    /// is on disk (a lost write fails the whole call, which the device sends again). On
    /// PostgreSQL every statement is durable when it returns, so `body` just runs.
    public func deferringDurability<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        guard let groups = sql as? GroupCommitDatabase else { return try await body() }
        let batch = DeferredBatch()
        let result = try await DeferredBatch.$current.withValue(batch) { try await body() }
        try await groups.barrier(batch)
        return result
    }

    /// Creates the schema or brings it up to date.
    public func migrate() async throws {
        try await Migrations.run(on: sql)
    }

    // MARK: Users

    /// The user with this Apple `sub`, created with default settings on first sign-in.
    /// Every account's id (read once at start, for `KnownAccounts`).
    func accountIds() async throws -> [UUID] {
        try await sql.raw("SELECT id FROM users").all().compactMap { UUID(uuidString: try $0.decode(column: "id", as: String.self)) }
    }

    public func findOrCreateUser(appleSub: String, now: Date) async throws -> User {
        let now = now.roundedToMilliseconds
        // Default settings keep the distant stamp, so settings a device already has win the first sync.
        let user = User(id: UUID(), appleUserId: appleSub, createdAt: now, settings: UserSettings())
        try await sql.raw("""
            INSERT INTO users (id, apple_sub, created_at, updated_at, settings, settings_updated_at)
            VALUES (\(bind: key(user.id)), \(bind: appleSub), \(bind: ms(now)), \(bind: ms(now)), \(bind: try json(user.settings)),
                    \(bind: ms(user.settings.updatedAt)))
            ON CONFLICT (apple_sub) DO NOTHING
            """).run()
        let row = try await sql.raw("SELECT id, apple_sub, created_at, updated_at, settings FROM users WHERE apple_sub = \(bind: appleSub)").first()
        guard let row else { throw FunctionError(.internal, "user for \(appleSub) was not stored") }
        return try decodeUser(row)
    }

    public func user(id: UUID) async throws -> User? {
        try await sql.raw("SELECT id, apple_sub, created_at, updated_at, settings FROM users WHERE id = \(bind: key(id))")
            .first().map(decodeUser)
    }

    // MARK: Tokens and nonces

    /// Whether a verified token's user still exists and the token was not signed out. A token
    /// issued at or before the revocations' prune mark is refused too: its revocation, if it had
    /// one, may be gone (`PruneMarks`).
    public func isValid(_ token: VerifiedToken, now: Date) async throws -> Bool {
        let known = validTokens?.check(token)
        if known?.known == true { return true }
        let valid = try await sql.raw("""
            SELECT 1 AS found FROM users WHERE id = \(bind: key(token.userId))
            AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = \(bind: token.id))
            AND NOT EXISTS (SELECT 1 FROM pruned_until WHERE name = 'revoked_tokens' AND at >= \(bind: ms(token.issuedAt)))
            """).first() != nil
        if valid, let known { validTokens?.remember(token, checkedAt: known.generation, now: now) }
        return valid
    }

    /// Signs a token out for good (kept until it would have expired anyway).
    public func revoke(_ token: VerifiedToken, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO revoked_tokens (jti, issued_at, expires_at)
            VALUES (\(bind: token.id), \(bind: ms(token.issuedAt)), \(bind: ms(token.expiresAt)))
            ON CONFLICT (jti) DO NOTHING
            """).run()
        validTokens?.invalidate()
        try await prune("revoked_tokens", before: now)
    }

    /// Records an Apple nonce as used; false when it already was (a replayed sign-in), or may
    /// have been and was forgotten (its token issued at or before the nonces' prune mark).
    public func useNonce(_ nonce: String, issuedAt: Date, until expiresAt: Date, now: Date) async throws -> Bool {
        try await prune("used_nonces", before: now)
        let forgotten = try await sql.raw("""
            SELECT 1 AS found FROM pruned_until WHERE name = 'used_nonces' AND at >= \(bind: ms(issuedAt))
            """).first() != nil
        guard !forgotten else { return false }
        return try await sql.raw("""
            INSERT INTO used_nonces (nonce, issued_at, expires_at) VALUES (\(bind: nonce), \(bind: ms(issuedAt)), \(bind: ms(expiresAt)))
            ON CONFLICT (nonce) DO NOTHING RETURNING nonce
            """).first() != nil
    }

    /// Deletes `table`'s rows (revocations, used nonces) whose token expired before `now`, having
    /// first raised the table's prune mark to the latest issue time among them (`PruneMarks`).
    private func prune(_ table: String, before now: Date) async throws {
        let expired = try await sql.raw("""
            SELECT MAX(issued_at) AS latest FROM \(unsafeRaw: table) WHERE expires_at < \(bind: ms(now))
            """).first()
        guard let latest = try expired?.decode(column: "latest", as: Double?.self) else { return }
        try await sql.raw("""
            INSERT INTO pruned_until (name, at) VALUES (\(bind: table), \(bind: latest))
            ON CONFLICT (name) DO UPDATE SET at = excluded.at WHERE pruned_until.at < excluded.at
            """).run()
        // Only rows the mark covers: one written meanwhile is kept for the next prune.
        try await sql.raw("""
            DELETE FROM \(unsafeRaw: table) WHERE expires_at < \(bind: ms(now)) AND issued_at <= \(bind: latest)
            """).run()
    }

    /// Deletes the user; the foreign keys cascade to every session, log and preset.
    public func deleteUser(_ caller: Caller) async throws -> DeletedAccount {
        let counts = DeletedAccount(
            sessions: try await count("sessions", caller), logEntries: try await count("log_entries", caller),
            presets: try await count("presets", caller)
        )
        try await sql.raw("DELETE FROM users WHERE id = \(bind: caller.key)").run()
        validTokens?.invalidate()
        return counts
    }

    /// Merges `settings` into the account's, setting by setting (`UserSettings.merged(with:)`), and
    /// returns what is kept. The write succeeds only over the version it merged with; a
    /// concurrent write makes it merge again.
    public func upsertSettings(_ settings: UserSettings, for caller: Caller) async throws -> UserSettings {
        for _ in 0..<8 {
            guard let row = try await sql.raw("SELECT settings FROM users WHERE id = \(bind: caller.key)").first() else {
                throw FunctionError(.unauthenticated, "the account no longer exists")
            }
            let kept = try row.decode(column: "settings", as: String.self)
            let current = try decode(kept, as: UserSettings.self)
            let merged = current.merged(with: settings)
            if merged == current { return current }
            let stamp = ms(merged.updatedAt)
            let written = try await sql.raw("""
                UPDATE users SET settings = \(bind: try json(merged)), settings_updated_at = \(bind: stamp),
                    updated_at = CASE WHEN updated_at < \(bind: stamp) THEN \(bind: stamp) ELSE updated_at END,
                    settings_seq = change_seq + 1, change_seq = change_seq + 1
                WHERE id = \(bind: caller.key) AND settings = \(bind: kept)
                RETURNING id
                """).first()
            if written != nil { return merged }
        }
        throw FunctionError(.conflict, "the settings kept changing; send them again")
    }

    // MARK: Sessions

    public func upsertSession(_ record: SessionRecord, for caller: Caller) async throws -> SessionRecord {
        if record.isActive, record.deletedAt == nil,
           let other = try await activeSession(for: caller), other.id != record.id {
            throw FunctionError(.conflict, "session \(key(other.id)) is already active; end it first")
        }
        // A new session goes in only with room left, checked in the same statement.
        let id = key(record.id)
        do {
            try await sql.raw("""
                INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: ms(record.startTime)), \(bind: record.isActive),
                       \(bind: ms(record.updatedAt)), \(bind: record.deletedAt.map(ms)), \(bind: try json(record))
                WHERE \(kept("sessions", id: id, caller)) OR (\(room("sessions", caller, limit: Limits.sessionsPerAccount, live: record.deletedAt == nil)))
                ON CONFLICT (owner_id, id) DO UPDATE SET start_time = excluded.start_time, is_active = excluded.is_active,
                    updated_at = excluded.updated_at, deleted_at = excluded.deleted_at, body = excluded.body
                WHERE \(unsafeRaw: Self.replaceRule("sessions"))
                """).run()
        } catch where isUniqueViolation(error) {
            throw FunctionError(.conflict, "another session is already active; end it first")
        } catch where isQuotaViolation(error) {
            throw try await quotaError("sessions", caller, limit: Limits.sessionsPerAccount, what: "sessions")
        }
        guard try await owns("sessions", id: record.id, caller) else {
            throw try await quotaError("sessions", caller, limit: Limits.sessionsPerAccount, what: "sessions")
        }
        return try await stored("sessions", id: record.id, for: caller, as: SessionRecord.self)
    }

    public func activeSession(for caller: Caller) async throws -> SessionRecord? {
        try await sql.raw("""
            SELECT body FROM sessions WHERE owner_id = \(bind: caller.key) AND is_active = \(bind: true) AND deleted_at IS NULL
            """).first().map { try decode($0, as: SessionRecord.self) }
    }

    public func sessions(for caller: Caller, updatedSince: Date?) async throws -> [SessionRecord] {
        let since = updatedSince.map(ms) ?? -1
        return try await sql.raw("""
            SELECT body FROM sessions WHERE owner_id = \(bind: caller.key) AND updated_at > \(bind: since)
            ORDER BY start_time DESC, id
            """).all().map { try decode($0, as: SessionRecord.self) }
    }

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
    private enum Kept {
        case sent(String)
        case stored(String)
    }

    /// The common case of a log write, for a run of logs at once: each inserted if it is new, its
    /// night is one of the caller's live ones and has room, in order. Answers how many of the
    /// leading `logs` were stored (exactly as given: `body` is each one's JSON); the rest take
    /// `storeLog`'s full path, which says why.
    func insertNewLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller) async -> Int {
        if let groups = sql as? GroupCommitDatabase {
            return await insertNewLogs(logs, for: caller, in: groups)
        }
        return await insertNewLivePostgresLogs(logs, for: caller)
    }

    /// SQLite: the run in one hand-over to the database thread, stopping at the first statement
    /// that does not insert all it was given. One night's consecutive logs go in statements of
    /// many rows (the largest power of two that fits, up to 512: a few statement texts, each
    /// prepared once), which keep the run's order: each needs room for all of its rows and
    /// numbers them from the account's next change number in order, and the numbering trigger
    /// refuses a number out of step, so a row left out (an id already stored) undoes the whole
    /// statement unless it was its last (then the rows before it are the stored part). Any other
    /// log goes in a statement of its own.
    private func insertNewLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller, in groups: GroupCommitDatabase) async -> Int {
        var statements: [(sql: String, binds: [SQLiteData], rows: Int)] = []
        var rest = logs[...]
        while let first = rest.first {
            let night = first.log.sessionId
            let sameNight = rest.prefix { $0.log.sessionId == night }.count
            var size = 1
            while size * 2 <= min(sameNight, 512) { size *= 2 }
            statements.append(size == 1 ? newLog(first, for: caller) : newLogs(rest.prefix(size), for: caller))
            rest = rest.dropFirst(size)
        }
        // An error stops the run where it happened; that log's full path meets it again.
        return await groups.runWhileAnswered(statements).rows.count
    }

    /// A new log's insert, alone.
    private func newLog(_ entry: (log: LogEntry, body: String), for caller: Caller) -> (sql: String, binds: [SQLiteData], rows: Int) {
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

    /// One night's new logs in one insert, in order: the account's change number before it plus
    /// each row's place is that row's number. `entries` holds a power of two of them, 2 to 512.
    private func newLogs(_ entries: ArraySlice<(log: LogEntry, body: String)>, for caller: Caller) -> (sql: String, binds: [SQLiteData], rows: Int) {
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
    private static let multiRowInserts: [String] = (1...9).map { power in
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
    /// live nights; the numbering trigger holds the quota per row, and one over it fails the
    /// whole statement. Anything else inserts nothing, and each log takes the full path.
    private func insertNewLivePostgresLogs(_ logs: [(log: LogEntry, body: String)], for caller: Caller) async -> Int {
        let run = logs.prefix { $0.log.deletedAt == nil }
        guard !run.isEmpty else { return 0 }
        let ids = run.map { key($0.log.id) }
        let nights = run.map { key($0.log.sessionId) }
        let inserted: Set<String>
        do {
            inserted = Set(try await sql.raw("""
                INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, body)
                SELECT run.id, \(bind: caller.key), run.session_id, run.timestamp, run.updated_at, run.body
                FROM unnest(\(bind: ids)::text[], \(bind: nights)::text[],
                            \(bind: run.map { ms($0.log.timestamp) })::float8[], \(bind: run.map { ms($0.log.updatedAt) })::float8[],
                            \(bind: run.map(\.body))::text[])
                     WITH ORDINALITY AS run (id, session_id, timestamp, updated_at, body, position)
                WHERE (SELECT COUNT(DISTINCT new.id) FROM unnest(\(bind: ids)::text[]) AS new (id)) = \(bind: ids.count)
                  AND NOT EXISTS (SELECT 1 FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = ANY(\(bind: ids)::text[]))
                  AND NOT EXISTS (
                      SELECT 1 FROM unnest(\(bind: nights)::text[]) AS night (id)
                      WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE owner_id = \(bind: caller.key) AND id = night.id AND deleted_at IS NULL))
                ORDER BY run.position
                ON CONFLICT (owner_id, id) DO NOTHING
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: String.self) })
        } catch {
            // A night past its quota (the trigger refuses the statement) or the database itself:
            // the full path meets it again, log by log, and says which.
            return 0
        }
        // A log another writer stored meanwhile was skipped; the ones after it are stored, and
        // their full path finds them kept as sent.
        return ids.prefix { inserted.contains($0) }.count
    }

    private func storeLog(_ log: LogEntry, for caller: Caller) async throws -> Kept {
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
    private func storeLogFully(_ log: LogEntry, body: String, for caller: Caller) async throws -> Kept {
        let id = key(log.id), session = key(log.sessionId)
        guard let night = try await sql.raw("""
            SELECT deleted_at FROM sessions WHERE id = \(bind: session) AND owner_id = \(bind: caller.key)
            """).first() else { throw FunctionError.notFound("session", session) }
        let was = try await sql.raw("SELECT session_id FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = \(bind: id)").first()
        // New here, or moved from another night: the night it lands in is checked as for a new
        // entry (a move must not slip past a deleted night or a full one).
        let arrives = try was.map { try $0.decode(column: "session_id", as: String.self) != session } ?? true
        if arrives {
            // A deleted night takes no new entries; changes to the ones it had still arrive, and so
            // does a tombstone (a device that deleted an entry it never pushed, then the night).
            if log.deletedAt == nil, try night.decodeNil(column: "deleted_at") == false {
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
        // night, refused too unless the kept version won anyway (a tombstone, a later stamp).
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

    // MARK: Presets

    public func upsertPreset(_ record: PresetRecord, for caller: Caller) async throws -> PresetRecord {
        // A new preset goes in only with room left, checked in the same statement.
        let id = key(record.id)
        do {
            try await sql.raw("""
                INSERT INTO presets (id, owner_id, sort_order, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: record.sortOrder), \(bind: ms(record.updatedAt)),
                       \(bind: record.deletedAt.map(ms)), \(bind: try json(record))
                WHERE \(kept("presets", id: id, caller)) OR (\(room("presets", caller, limit: Limits.presetsPerAccount, live: record.deletedAt == nil)))
                ON CONFLICT (owner_id, id) DO UPDATE SET sort_order = excluded.sort_order, updated_at = excluded.updated_at,
                    deleted_at = excluded.deleted_at, body = excluded.body
                WHERE \(unsafeRaw: Self.replaceRule("presets"))
                """).run()
        } catch where isQuotaViolation(error) {
            throw try await quotaError("presets", caller, limit: Limits.presetsPerAccount, what: "presets")
        }
        guard try await owns("presets", id: record.id, caller) else {
            throw try await quotaError("presets", caller, limit: Limits.presetsPerAccount, what: "presets")
        }
        return try await stored("presets", id: record.id, for: caller, as: PresetRecord.self)
    }

    public func deletePreset(_ tombstone: Tombstone, for caller: Caller) async throws -> PresetRecord {
        var record = try await stored("presets", id: tombstone.id, for: caller, as: PresetRecord.self)
        guard record.deletedAt == nil else { return record }
        record.deletedAt = tombstone.deletedAt
        record.updatedAt = tombstone.deletedAt
        return try await upsertPreset(record, for: caller)
    }

    public func presets(for caller: Caller) async throws -> [PresetRecord] {
        try await sql.raw("SELECT body FROM presets WHERE owner_id = \(bind: caller.key) ORDER BY sort_order, id")
            .all().map { try decode($0, as: PresetRecord.self) }
    }

    // MARK: Changes

    /// The caller's changes numbered above `cursor`, oldest first, at most `limit`, as the JSON of
    /// a `PullPage`: each record is the JSON the database keeps, placed as it is (the kit's coding
    /// made it; its keys, like the page's, sorted), not decoded and encoded again.
    ///
    /// A cursor above the account's last number (a database restored from an older backup)
    /// starts over from the beginning: the device merges by stamp, so nothing is lost by that.
    public func changesJSON(after cursor: Int, limit: Int, for caller: Caller) async throws -> String {
        guard let user = try await sql.raw("SELECT change_seq FROM users WHERE id = \(bind: caller.key)").first() else {
            throw FunctionError(.unauthenticated, "the account no longer exists")
        }
        let last = try user.decode(column: "change_seq", as: Int.self)
        let from = cursor > last ? 0 : cursor
        // Each table's own next rows first (its (owner_id, seq) index), then the merge.
        let rows = try await sql.raw("""
            SELECT entity, seq, body FROM (
                SELECT * FROM (SELECT 'session' AS entity, seq, body FROM sessions
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS s
                UNION ALL
                SELECT * FROM (SELECT 'preset' AS entity, seq, body FROM presets
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS p
                UNION ALL
                SELECT * FROM (SELECT 'logEntry' AS entity, seq, body FROM log_entries
                    WHERE owner_id = \(bind: caller.key) AND seq > \(bind: from) ORDER BY seq LIMIT \(bind: limit + 1)) AS l
                UNION ALL
                SELECT 'settings' AS entity, settings_seq AS seq, settings AS body FROM users
                    WHERE id = \(bind: caller.key) AND settings_seq > \(bind: from)
            ) AS changes ORDER BY seq LIMIT \(bind: limit + 1)
            """).all()
        let page = rows.prefix(limit)
        var changes: [String] = []
        changes.reserveCapacity(page.count)
        for row in page {
            let entity = try row.decode(column: "entity", as: String.self)
            changes.append(#"{"entity":""# + entity + #"","record":"# + (try row.decode(column: "body", as: String.self)) + "}")
        }
        let next = try page.last?.decode(column: "seq", as: Int.self) ?? from
        return #"{"changes":["# + changes.joined(separator: ",") + #"],"cursor":"# + String(next) + #","hasMore":"# + String(rows.count > limit) + "}"
    }

    // MARK: Helpers

    /// `Stamp.isReplaced(by:)` in SQL (rows are keyed by owner, so a conflict is always the caller's own row).
    static func replaceRule(_ table: String) -> String {
        """
        \(table).deleted_at IS NULL
        AND (excluded.deleted_at IS NOT NULL OR excluded.updated_at > \(table).updated_at)
        """
    }

    /// The stored record with `id`, which must belong to `caller` (another user's answers not found).
    private func stored<Record: Decodable>(_ table: String, id: UUID, for caller: Caller, as type: Record.Type) async throws -> Record {
        try decode(try await storedBody(table, id: id, for: caller), as: Record.self)
    }

    /// The stored record's JSON, as `stored` reads it, without decoding it.
    private func storedBody(_ table: String, id: UUID, for caller: Caller) async throws -> String {
        let row = try await sql.raw("SELECT body FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) AND id = \(bind: key(id))").first()
        guard let row else { throw FunctionError.notFound(Self.noun(table), key(id)) }
        return try row.decode(column: "body", as: String.self)
    }

    private func owns(_ table: String, id: UUID, _ caller: Caller) async throws -> Bool {
        try await sql.raw("SELECT 1 AS found FROM \(unsafeRaw: table) WHERE id = \(bind: key(id)) AND owner_id = \(bind: caller.key)")
            .first() != nil
    }

    /// A SQL condition: `caller` already keeps the record `id` in `table` (an update needs no room).
    private func kept(_ table: String, id: String, _ caller: Caller) -> SQLQueryString {
        "EXISTS (SELECT 1 FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) AND id = \(bind: id))"
    }

    /// A SQL condition: `table` (one night's entries when `session` is given) has room for one
    /// more record: fewer than `limit` live ones when the record is live (tombstones do not count
    /// against it), and fewer than `limit × Limits.keptPerLive` counting tombstones. Part of the
    /// insert itself, so two writers cannot both take the last place (SQLite runs one statement
    /// at a time; PostgreSQL's numbering trigger checks again under the account's lock).
    private func room(_ table: String, _ caller: Caller, session: String? = nil, limit: Int, live: Bool) -> SQLQueryString {
        // Both keep the counts (`RecordCounts`): one row, however many records.
        """
        COALESCE((SELECT kept < \(bind: limit * Limits.keptPerLive) AND (\(bind: !live) OR live < \(bind: limit))
                  FROM record_counts WHERE owner_id = \(bind: caller.key) AND scope = \(bind: RecordCounts.scope(table, session: session))), TRUE)
        """
    }

    /// The rows `caller` keeps in `table` (within one night when `session` is given), tombstones included.
    private func count(_ table: String, _ caller: Caller, session: String? = nil) async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) \(Self.scope(session))")
            .first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Narrows a count to one night's entries, or leaves it the whole account's.
    private static func scope(_ session: String?) -> SQLQueryString {
        guard let session else { return "" }
        return "AND session_id = \(bind: session)"
    }

    /// Why a new record found no room: the live limit, or (rarely) the one counting tombstones.
    private func quotaError(_ table: String, _ caller: Caller, session: String? = nil, limit: Int, what: String) async throws -> FunctionError {
        let total = try await count(table, caller, session: session)
        let holder = session == nil ? "an account" : "a session"
        if total >= limit * Limits.keptPerLive {
            return FunctionError(.quotaExceeded, "\(holder) keeps at most \(limit * Limits.keptPerLive) \(what), deleted ones included")
        }
        return FunctionError(.quotaExceeded, "\(holder) keeps at most \(limit) \(what)")
    }

    private func decodeUser(_ row: any SQLRow) throws -> User {
        User(
            id: try UUID(uuidString: row.decode(column: "id", as: String.self)) ?? UUID(),
            appleUserId: try row.decode(column: "apple_sub", as: String.self),
            createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self) / 1000),
            settings: try decode(try row.decode(column: "settings", as: String.self), as: UserSettings.self),
            updatedAt: Date(timeIntervalSince1970: try row.decode(column: "updated_at", as: Double.self) / 1000)
        )
    }

    private func decode<Record: Decodable>(_ row: any SQLRow, as type: Record.Type) throws -> Record {
        try decode(try row.decode(column: "body", as: String.self), as: Record.self)
    }

    private func decode<Record: Decodable>(_ body: String, as type: Record.Type) throws -> Record {
        try WireJSON.decode(Record.self, from: body)
    }

    func json(_ value: some Encodable) throws -> String {
        try WireJSON.text(value)
    }

    private func key(_ id: UUID) -> String { id.key }

    private func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    private static func noun(_ table: String) -> String {
        switch table {
        case "sessions": "session"
        case "log_entries": "log entry"
        default: "preset"
        }
    }
}
