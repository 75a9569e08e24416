import SQLKit

/// Migration 6: records are keyed by (owner, id), not by id alone.
///
/// Ids are made by devices; keyed globally, one account could take an id another account's
/// device would use later, and a device whose data moves to a new account (`AccountChoice`)
/// could not send it, since every id was already taken by the old account. Now each account has
/// its own id space: another account's ids are simply not there (NOT_FOUND to read or delete).
enum OwnerKeys {
    @Sendable static func apply(_ sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" {
            try await postgres(sql)
        } else {
            try await sqlite(sql)
        }
        try await sql.raw("CREATE INDEX IF NOT EXISTS log_entries_by_owner_session ON log_entries (owner_id, session_id, timestamp)").run()
    }

    private static func postgres(_ sql: any SQLDatabase) async throws {
        for statement in [
            "ALTER TABLE log_entries DROP CONSTRAINT IF EXISTS log_entries_session_id_fkey",
            "ALTER TABLE sessions DROP CONSTRAINT IF EXISTS sessions_pkey",
            "ALTER TABLE sessions ADD PRIMARY KEY (owner_id, id)",
            "ALTER TABLE log_entries DROP CONSTRAINT IF EXISTS log_entries_pkey",
            "ALTER TABLE log_entries ADD PRIMARY KEY (owner_id, id)",
            """
            ALTER TABLE log_entries ADD CONSTRAINT log_entries_session_fkey
            FOREIGN KEY (owner_id, session_id) REFERENCES sessions (owner_id, id) ON DELETE CASCADE
            """,
            "ALTER TABLE presets DROP CONSTRAINT IF EXISTS presets_pkey",
            "ALTER TABLE presets ADD PRIMARY KEY (owner_id, id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    /// SQLite cannot change a primary key in place: each table is copied into its new shape.
    private static func sqlite(_ sql: any SQLDatabase) async throws {
        try await sql.raw("PRAGMA foreign_keys = OFF").run()
        do {
            try await sql.raw("BEGIN IMMEDIATE").run()
            for statement in sqliteRebuild { try await sql.raw(SQLQueryString(statement)).run() }
            try await sql.raw("COMMIT").run()
            try await sql.raw("PRAGMA foreign_keys = ON").run()
        } catch {
            try? await sql.raw("ROLLBACK").run()
            try? await sql.raw("PRAGMA foreign_keys = ON").run()
            throw error
        }
        try await ChangeSequence.createTriggers(sql)
    }

    static let sqliteRebuild = [
        """
        CREATE TABLE sessions_by_owner_id (
            id TEXT NOT NULL,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            start_time DOUBLE PRECISION NOT NULL,
            is_active BOOLEAN NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            deleted_at DOUBLE PRECISION,
            body TEXT NOT NULL,
            seq BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (owner_id, id)
        )
        """,
        """
        INSERT INTO sessions_by_owner_id (id, owner_id, start_time, is_active, updated_at, deleted_at, body, seq)
        SELECT id, owner_id, start_time, is_active, updated_at, deleted_at, body, seq FROM sessions
        """,
        """
        CREATE TABLE log_entries_by_owner_id (
            id TEXT NOT NULL,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            session_id TEXT NOT NULL,
            timestamp DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            deleted_at DOUBLE PRECISION,
            body TEXT NOT NULL,
            seq BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (owner_id, id),
            FOREIGN KEY (owner_id, session_id) REFERENCES sessions (owner_id, id) ON DELETE CASCADE
        )
        """,
        """
        INSERT INTO log_entries_by_owner_id (id, owner_id, session_id, timestamp, updated_at, deleted_at, body, seq)
        SELECT id, owner_id, session_id, timestamp, updated_at, deleted_at, body, seq FROM log_entries
        """,
        """
        CREATE TABLE presets_by_owner_id (
            id TEXT NOT NULL,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            sort_order INTEGER NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            deleted_at DOUBLE PRECISION,
            body TEXT NOT NULL,
            seq BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (owner_id, id)
        )
        """,
        """
        INSERT INTO presets_by_owner_id (id, owner_id, sort_order, updated_at, deleted_at, body, seq)
        SELECT id, owner_id, sort_order, updated_at, deleted_at, body, seq FROM presets
        """,
        "DROP TABLE log_entries",
        "DROP TABLE sessions",
        "DROP TABLE presets",
        "ALTER TABLE sessions_by_owner_id RENAME TO sessions",
        "ALTER TABLE log_entries_by_owner_id RENAME TO log_entries",
        "ALTER TABLE presets_by_owner_id RENAME TO presets",
        "CREATE INDEX sessions_by_owner ON sessions (owner_id, start_time)",
        "CREATE UNIQUE INDEX sessions_one_active ON sessions (owner_id) WHERE is_active = TRUE AND deleted_at IS NULL",
        "CREATE INDEX sessions_by_seq ON sessions (owner_id, seq)",
        "CREATE INDEX log_entries_by_seq ON log_entries (owner_id, seq)",
        "CREATE INDEX presets_by_owner ON presets (owner_id, sort_order)",
        "CREATE INDEX presets_by_seq ON presets (owner_id, seq)",
    ]
}
