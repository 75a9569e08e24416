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

    /// Signs a token out for good (kept until it would have expired anyway). True for the one
    /// call that revoked it; false when it already was (a concurrent renewal or sign-out won):
    /// the check and the revocation are one statement, so of ten calls racing, one wins.
    @discardableResult
    public func revoke(_ token: VerifiedToken, now: Date) async throws -> Bool {
        let won = try await sql.raw("""
            INSERT INTO revoked_tokens (jti, issued_at, expires_at)
            VALUES (\(bind: token.id), \(bind: ms(token.issuedAt)), \(bind: ms(token.expiresAt)))
            ON CONFLICT (jti) DO NOTHING RETURNING jti
            """).first() != nil
        validTokens?.forget(token)
        try await prune("revoked_tokens", before: now)
        return won
    }

    /// Keeps an issued token's fingerprint (and clears those of tokens expired, a few at a time).
    func rememberIssued(id: String, fingerprint: String, expiresAt: Date, now: Date) async throws {
        try await sql.raw("""
            INSERT INTO issued_tokens (jti, fingerprint, expires_at) VALUES (\(bind: id), \(bind: fingerprint), \(bind: ms(expiresAt)))
            ON CONFLICT (jti) DO NOTHING
            """).run()
        try await sql.raw("""
            DELETE FROM issued_tokens WHERE jti IN (SELECT jti FROM issued_tokens WHERE expires_at < \(bind: ms(now)) LIMIT 16)
            """).run()
    }

    /// The fingerprint of the token issued with id `id`, if this server kept one.
    func issuedFingerprint(of id: String) async throws -> String? {
        try await sql.raw("SELECT fingerprint FROM issued_tokens WHERE jti = \(bind: id)").first()?.decode(column: "fingerprint", as: String.self)
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
    func prune(_ table: String, before now: Date) async throws {
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
        try await deleteUser(caller, step: Self.deletionStep).account
    }

    /// Rows one statement of a deletion removes at most: SQLite runs every account's writes on
    /// one thread, and one statement removing an account at its quotas (hundreds of thousands of
    /// rows, seconds) would hold every other account up for that long. A hundred rows (with their
    /// indexes and kept counts) take a few milliseconds: another account's write waits at most
    /// that (`waterline-load --delete-logs 200000`: p99 23–34 ms while it runs; 360 ms at 2,000).
    public static let deletionStep = 100

    /// Deletes the account `step` rows at a time (logs, then sessions, then presets, each statement
    /// its own transaction, so other accounts' writes go between them), then the account itself,
    /// which takes with it anything written meanwhile. Returns what went, and how many statements.
    func deleteUser(_ caller: Caller, step: Int) async throws -> (account: DeletedAccount, statements: Int) {
        let counts = DeletedAccount(
            sessions: try await count("sessions", caller), logEntries: try await count("log_entries", caller),
            presets: try await count("presets", caller)
        )
        var statements = 0
        for table in ["log_entries", "sessions", "presets"] {
            while true {
                let removed = try await sql.raw("""
                    DELETE FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) AND id IN (
                        SELECT id FROM \(unsafeRaw: table) WHERE owner_id = \(bind: caller.key) LIMIT \(unsafeRaw: String(max(1, step)))
                    ) RETURNING id
                    """).all().count
                statements += 1
                if removed < max(1, step) { break }
            }
        }
        try await sql.raw("DELETE FROM users WHERE id = \(bind: caller.key)").run()
        validTokens?.forget(account: caller.userId)
        return (counts, statements + 1)
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
}
