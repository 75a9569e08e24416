import SQLKit

/// The schema, as numbered steps applied once each and recorded in `schema_migrations`.
/// The SQL is the common subset of SQLite and PostgreSQL; dates are milliseconds since 1970.
enum Migrations {
    /// A step: statements, or code where plain SQL cannot say it in both dialects.
    enum Step: Sendable {
        case statements([String])
        case code(@Sendable (any SQLDatabase) async throws -> Void)
    }

    static let steps: [(version: Int, step: Step)] = [
        (1, .statements([
            """
            CREATE TABLE IF NOT EXISTS users (
                id TEXT PRIMARY KEY,
                apple_sub TEXT NOT NULL UNIQUE,
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                settings TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS sessions (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                start_time DOUBLE PRECISION NOT NULL,
                is_active BOOLEAN NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                deleted_at DOUBLE PRECISION,
                body TEXT NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS sessions_by_owner ON sessions (owner_id, start_time)",
            // FR-2 held by the database itself, whatever order requests arrive in.
            "CREATE UNIQUE INDEX IF NOT EXISTS sessions_one_active ON sessions (owner_id) WHERE is_active = TRUE AND deleted_at IS NULL",
            """
            CREATE TABLE IF NOT EXISTS log_entries (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                timestamp DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                deleted_at DOUBLE PRECISION,
                body TEXT NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS log_entries_by_session ON log_entries (session_id, timestamp)",
            "CREATE INDEX IF NOT EXISTS log_entries_by_owner ON log_entries (owner_id)",
            """
            CREATE TABLE IF NOT EXISTS presets (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                sort_order INTEGER NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                deleted_at DOUBLE PRECISION,
                body TEXT NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS presets_by_owner ON presets (owner_id, sort_order)",
        ])),
        // Settings carry their own stamp: comparing them with the user row's `updated_at` (the
        // account's creation) dropped settings a device made before it signed in.
        (2, .code(SettingsStampColumn.add)),
        // Preset order is an Int on every device: 64 bits in PostgreSQL too (SQLite's INTEGER already is).
        (3, .code { sql in
            if sql.dialect.name == "postgresql" {
                try await sql.raw("ALTER TABLE presets ALTER COLUMN sort_order TYPE BIGINT").run()
            }
        }),
        // Signed-out session tokens, and Apple nonces already used, each kept until it expires.
        (4, .statements([
            "CREATE TABLE IF NOT EXISTS revoked_tokens (jti TEXT PRIMARY KEY, expires_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX IF NOT EXISTS revoked_tokens_by_expiry ON revoked_tokens (expires_at)",
            "CREATE TABLE IF NOT EXISTS used_nonces (nonce TEXT PRIMARY KEY, expires_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX IF NOT EXISTS used_nonces_by_expiry ON used_nonces (expires_at)",
        ])),
        // Each user's change sequence, the cursor of sync:pull.
        (5, .code(ChangeSequence.add)),
        // Records keyed by (owner, id): each account has its own id space.
        (6, .code(OwnerKeys.apply)),
        // Indexes that (owner_id, session_id, timestamp) and the (owner_id, id) key made redundant
        // (PostgreSQL still had them; SQLite lost them when migration 6 rebuilt its tables):
        // each one was another page to write with every new log.
        (7, .statements([
            "DROP INDEX IF EXISTS log_entries_by_owner",
            "DROP INDEX IF EXISTS log_entries_by_session",
        ])),
        // Quotas count live records, and PostgreSQL's numbering trigger holds them under
        // concurrent inserts (SQLite writes one statement at a time).
        (8, .code(ChangeSequence.createTriggers)),
        // Revocations and used nonces keep their token's issue time, and each table a prune mark:
        // the latest issue time among the rows it has forgotten (`PruneMarks`).
        (9, .code(PruneMarks.add)),
        // SQLite: each account's record counts kept by triggers, so a room check reads one row.
        (10, .code(RecordCounts.add)),
        // SQLite: a new log written once, its change number with it (`ChangeSequence`).
        (11, .code(ChangeSequence.numberGivenWithInsert)),
        // PostgreSQL: the same kept counts, so a new record's room check reads one row (`RecordCounts`).
        (12, .code(RecordCounts.addForPostgres)),
        // The person's Sign in with Apple refresh token, revoked when the account is deleted.
        (13, .code(AppleTokenColumn.add)),
        // Deleted accounts' Apple refresh tokens still to be revoked, kept until Apple answers
        // (`AppleRevocations`): a restart or an Apple that fails does not lose one.
        (14, .statements([
            """
            CREATE TABLE IF NOT EXISTS apple_revocations (user_id TEXT PRIMARY KEY, refresh_token TEXT NOT NULL,
                attempts INTEGER NOT NULL, next_at DOUBLE PRECISION NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS apple_revocations_by_next ON apple_revocations (next_at)",
        ])),
        // Each session token issued: its id and its text's fingerprint, until it expires, so a
        // forgery copying a real token's id is told apart without a signature check.
        (15, .statements([
            "CREATE TABLE IF NOT EXISTS issued_tokens (jti TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, expires_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX IF NOT EXISTS issued_tokens_by_expiry ON issued_tokens (expires_at)",
        ])),
    ]

    /// Whether `table` has `column` yet (another server on the same database may have added it
    /// first); one probe that both dialects understand.
    static func hasColumn(_ column: String, in table: String, _ sql: any SQLDatabase) async throws -> Bool {
        await answers("SELECT \(unsafeRaw: column) FROM \(unsafeRaw: table) LIMIT 1", sql)
    }

    /// Whether `table` exists yet.
    static func hasTable(_ table: String, _ sql: any SQLDatabase) async throws -> Bool {
        await answers("SELECT 1 FROM \(unsafeRaw: table) LIMIT 1", sql)
    }

    /// Whether `probe` runs: what exists, asked in a way both dialects understand.
    private static func answers(_ probe: SQLQueryString, _ sql: any SQLDatabase) async -> Bool {
        (try? await sql.raw(probe).all()) != nil
    }

    /// Applies every step not yet recorded, in order. Steps are idempotent (`IF NOT EXISTS`),
    /// and runs in one process take turns, so servers starting together on a fresh database agree.
    static func run(on sql: any SQLDatabase) async throws {
        try await MigrationGate.shared.run { try await apply(on: sql) }
    }

    private static func apply(on sql: any SQLDatabase) async throws {
        try await sql.raw("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)").run()
        let applied = Set(try await sql.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) })
        for (version, step) in steps where !applied.contains(version) {
            switch step {
            case .statements(let statements):
                for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
            case .code(let run):
                try await run(sql)
            }
            try await sql.raw("INSERT INTO schema_migrations (version) VALUES (\(bind: version)) ON CONFLICT (version) DO NOTHING").run()
        }
    }
}

/// Lets one migration run at a time in this process.
actor MigrationGate {
    static let shared = MigrationGate()
    private var running: Task<Void, any Error>?

    func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let previous = running
        let task = Task {
            _ = try? await previous?.value
            try await body()
        }
        running = task
        try await task.value
    }
}
