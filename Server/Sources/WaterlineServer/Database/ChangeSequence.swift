import SQLKit
import WaterlineCore

/// Migration 5: each user's change sequence, the cursor of `sync:pull`.
///
/// `users.change_seq` is the last number given out; every insert or change of a session, log or
/// preset takes the next one into its `seq` column, by a trigger, in the same statement as the
/// write. In PostgreSQL the trigger's update of the user row locks it until the write commits,
/// so one user's numbers commit in order and a pull never passes over a number still in flight;
/// SQLite runs one writer at a time. Settings take theirs in `users.settings_seq` (see
/// `WaterlineRepository.upsertSettings`). Existing rows are numbered once, sessions first.
enum ChangeSequence {
    static let tables = ["sessions", "presets", "log_entries"]

    @Sendable static func add(_ sql: any SQLDatabase) async throws {
        let postgres = sql.dialect.name == "postgresql"
        // Another server on the same database may have added them first.
        for (table, column) in [("users", "change_seq"), ("users", "settings_seq")] + tables.map({ ($0, "seq") }) {
            if try await !Migrations.hasColumn(column, in: table, sql) {
                try await sql.raw("ALTER TABLE \(unsafeRaw: table) ADD COLUMN \(unsafeRaw: column) BIGINT NOT NULL DEFAULT 0").run()
            }
        }
        // Number what is already stored: per owner, sessions, then presets, then logs, each by age.
        for (index, table) in tables.enumerated() {
            let offset = greatest(tables[..<index].map {
                "COALESCE((SELECT MAX(seq) FROM \($0) AS earlier WHERE earlier.owner_id = \(table).owner_id), 0)"
            }, postgres: postgres)
            try await sql.raw("""
                UPDATE \(unsafeRaw: table) SET seq = numbered.n + \(unsafeRaw: offset)
                FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY owner_id ORDER BY updated_at, id) AS n FROM \(unsafeRaw: table)) AS numbered
                WHERE \(unsafeRaw: table).id = numbered.id AND \(unsafeRaw: table).seq = 0
                """).run()
        }
        let last = greatest(tables.map { "COALESCE((SELECT MAX(seq) FROM \($0) WHERE \($0).owner_id = users.id), 0)" }, postgres: postgres)
        try await sql.raw("UPDATE users SET change_seq = \(unsafeRaw: last) WHERE change_seq = 0").run()
        // Settings someone chose (a stamp after 1970) are a change too.
        try await sql.raw("""
            UPDATE users SET settings_seq = change_seq + 1, change_seq = change_seq + 1
            WHERE settings_seq = 0 AND settings_updated_at > 0
            """).run()
        for table in tables {
            try await sql.raw("CREATE INDEX IF NOT EXISTS \(unsafeRaw: table)_by_seq ON \(unsafeRaw: table) (owner_id, seq)").run()
        }
        try await createTriggers(sql)
    }

    /// The SQLSTATE PostgreSQL's trigger raises when a new record finds no room (class 23,
    /// integrity constraint violation; the rest is ours).
    static let quotaState = "23WLQ"

    /// The triggers that number each write (in PostgreSQL also holding the quotas under concurrent
    /// writers); migration 6 makes them again after rebuilding the tables, migration 8 to add the
    /// quotas, migration 12 to read them from the kept counts (`RecordCounts.addForPostgres`).
    @Sendable static func createTriggers(_ sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" {
            let counted = try await Migrations.hasTable("record_counts", sql)
            try await sql.raw("""
                CREATE OR REPLACE FUNCTION waterline_next_seq() RETURNS trigger AS $$
                DECLARE
                    kept BIGINT;
                    live BIGINT;
                    live_limit BIGINT;
                    scope_name TEXT;
                    counted BOOLEAN := \(unsafeRaw: counted ? "TRUE" : "FALSE");
                BEGIN
                    UPDATE users SET change_seq = change_seq + 1 WHERE id = NEW.owner_id RETURNING change_seq INTO NEW.seq;
                    -- A new record: the account's row is locked now, and each statement of this
                    -- function reads afresh, so the count below sees every write committed before
                    -- and two inserts cannot both take the last place (the insert's own room
                    -- condition read the table as the statement began).
                    IF TG_OP = 'INSERT' THEN
                        IF TG_TABLE_NAME = 'log_entries' THEN
                            IF EXISTS (SELECT 1 FROM log_entries WHERE owner_id = NEW.owner_id AND id = NEW.id) THEN RETURN NEW; END IF;
                            scope_name := 'log_entries:' || NEW.session_id;
                            live_limit := \(unsafeRaw: String(Limits.logsPerSession));
                        ELSIF TG_TABLE_NAME = 'sessions' THEN
                            IF EXISTS (SELECT 1 FROM sessions WHERE owner_id = NEW.owner_id AND id = NEW.id) THEN RETURN NEW; END IF;
                            scope_name := 'sessions';
                            live_limit := \(unsafeRaw: String(Limits.sessionsPerAccount));
                        ELSE
                            IF EXISTS (SELECT 1 FROM presets WHERE owner_id = NEW.owner_id AND id = NEW.id) THEN RETURN NEW; END IF;
                            scope_name := 'presets';
                            live_limit := \(unsafeRaw: String(Limits.presetsPerAccount));
                        END IF;
                        IF counted THEN
                            -- Kept counts (`RecordCounts.addForPostgres`): one row, however many records.
                            SELECT COALESCE(MAX(record_counts.kept), 0), COALESCE(MAX(record_counts.live), 0) INTO kept, live
                                FROM record_counts WHERE owner_id = NEW.owner_id AND scope = scope_name;
                        ELSIF TG_TABLE_NAME = 'log_entries' THEN
                            SELECT COUNT(*), COUNT(*) FILTER (WHERE deleted_at IS NULL) INTO kept, live
                                FROM log_entries WHERE owner_id = NEW.owner_id AND session_id = NEW.session_id;
                        ELSE
                            EXECUTE format('SELECT COUNT(*), COUNT(*) FILTER (WHERE deleted_at IS NULL) FROM %I WHERE owner_id = $1', TG_TABLE_NAME)
                                INTO kept, live USING NEW.owner_id;
                        END IF;
                        IF kept >= live_limit * \(unsafeRaw: String(Limits.keptPerLive)) OR (NEW.deleted_at IS NULL AND live >= live_limit) THEN
                            RAISE EXCEPTION 'waterline quota: %', TG_TABLE_NAME USING ERRCODE = '\(unsafeRaw: quotaState)';
                        END IF;
                        IF counted THEN
                            INSERT INTO record_counts (owner_id, scope, kept, live) VALUES (NEW.owner_id, scope_name, 1, (NEW.deleted_at IS NULL)::int)
                                ON CONFLICT (owner_id, scope) DO UPDATE SET kept = record_counts.kept + 1, live = record_counts.live + excluded.live;
                        END IF;
                    END IF;
                    RETURN NEW;
                END
                $$ LANGUAGE plpgsql
                """).run()
            for table in tables {
                try await sql.raw("""
                    CREATE OR REPLACE TRIGGER \(unsafeRaw: table)_seq BEFORE INSERT OR UPDATE OF body ON \(unsafeRaw: table)
                    FOR EACH ROW EXECUTE FUNCTION waterline_next_seq()
                    """).run()
            }
        } else {
            for table in tables {
                for (event, name) in [("INSERT", "insert"), ("UPDATE OF body", "update")] {
                    try await sql.raw("""
                        CREATE TRIGGER IF NOT EXISTS \(unsafeRaw: table)_seq_\(unsafeRaw: name) AFTER \(unsafeRaw: event) ON \(unsafeRaw: table)
                        BEGIN
                            UPDATE users SET change_seq = change_seq + 1 WHERE id = NEW.owner_id;
                            UPDATE \(unsafeRaw: table) SET seq = (SELECT change_seq FROM users WHERE id = NEW.owner_id)
                            WHERE owner_id = NEW.owner_id AND id = NEW.id;
                        END
                        """).run()
                }
            }
        }
    }

    /// Migration 11 (SQLite): a new log may carry its number from the insert itself.
    ///
    /// The numbering trigger wrote each new log twice: inserted with `seq` 0, then updated with its
    /// number (the row again, and its entry in the `(owner_id, seq)` index moved). The common
    /// inserts (`WaterlineRepository.insertNewLogs`) now write the number with the row, from the
    /// account's last one read in the same statement (plus the row's place, for several rows);
    /// the trigger then only takes that number for the account, and refuses a number that is not
    /// the next one, so no statement can put the sequence out of step. Inserts without a number
    /// (`seq` 0) are numbered as before.
    @Sendable static func numberGivenWithInsert(_ sql: any SQLDatabase) async throws {
        guard sql.dialect.name != "postgresql" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS log_entries_seq_insert").run()
        try await sql.raw("""
            CREATE TRIGGER log_entries_seq_insert AFTER INSERT ON log_entries WHEN NEW.seq = 0
            BEGIN
                UPDATE users SET change_seq = change_seq + 1 WHERE id = NEW.owner_id;
                UPDATE log_entries SET seq = (SELECT change_seq FROM users WHERE id = NEW.owner_id)
                WHERE owner_id = NEW.owner_id AND id = NEW.id;
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER IF NOT EXISTS log_entries_seq_given AFTER INSERT ON log_entries WHEN NEW.seq <> 0
            BEGIN
                UPDATE users SET change_seq = change_seq + 1 WHERE id = NEW.owner_id;
                SELECT RAISE(ABORT, 'waterline: a change number out of step')
                WHERE NEW.seq <> (SELECT change_seq FROM users WHERE id = NEW.owner_id);
            END
            """).run()
    }

    /// The largest of `expressions` (0 for none): SQLite's many-argument `MAX` is PostgreSQL's `GREATEST`.
    private static func greatest(_ expressions: [String], postgres: Bool) -> String {
        switch expressions.count {
        case 0: "0"
        case 1: expressions[0]
        default: (postgres ? "GREATEST(" : "MAX(") + expressions.joined(separator: ", ") + ")"
        }
    }
}
