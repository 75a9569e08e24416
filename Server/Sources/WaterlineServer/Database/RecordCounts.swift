import SQLKit

/// Migration 10 (SQLite): how many records each account keeps, kept rather than counted.
///
/// A new record's room check (`WaterlineRepository.room`) compared two `COUNT(*)`s with the
/// quota on every insert: for a session's logs that read every log of the session, tombstones
/// included (65 µs for a session of 500 on the development machine), so a 500-change `sync:push`
/// spent more on counting than on writing. `record_counts` holds, per account and scope (its
/// sessions, its presets, one session's logs), how many are kept and how many live; triggers keep
/// it in step with every insert, move, tombstone and delete in the same statement, so the check
/// is one row read. SQLite runs one writer at a time, so the check and the insert cannot be
/// interleaved. Migration 12 (`addForPostgres`) keeps the same table in PostgreSQL.
enum RecordCounts {
    /// A count's scope: `sessions`, `presets`, or `log_entries:<session id>`.
    static func scope(_ table: String, session: String?) -> String {
        session.map { "\(table):\($0)" } ?? table
    }

    @Sendable static func add(_ sql: any SQLDatabase) async throws {
        guard sql.dialect.name != "postgresql" else { return }
        try await sql.raw("""
            CREATE TABLE IF NOT EXISTS record_counts (
                owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                kept INTEGER NOT NULL,
                live INTEGER NOT NULL,
                PRIMARY KEY (owner_id, scope)
            ) WITHOUT ROWID
            """).run()
        for (table, scope) in [("sessions", "'sessions'"), ("presets", "'presets'"), ("log_entries", "'log_entries:' || session_id")] {
            let new = scope.replacingOccurrences(of: "session_id", with: "NEW.session_id")
            let old = scope.replacingOccurrences(of: "session_id", with: "OLD.session_id")
            try await sql.raw("""
                INSERT INTO record_counts (owner_id, scope, kept, live)
                SELECT owner_id, \(unsafeRaw: scope), COUNT(*), SUM(deleted_at IS NULL) FROM \(unsafeRaw: table) GROUP BY owner_id, \(unsafeRaw: scope)
                ON CONFLICT (owner_id, scope) DO UPDATE SET kept = excluded.kept, live = excluded.live
                """).run()
            let add = """
                INSERT INTO record_counts (owner_id, scope, kept, live) VALUES (NEW.owner_id, \(new), 1, NEW.deleted_at IS NULL)
                ON CONFLICT (owner_id, scope) DO UPDATE SET kept = kept + 1, live = live + (NEW.deleted_at IS NULL);
                """
            let remove = """
                UPDATE record_counts SET kept = kept - 1, live = live - (OLD.deleted_at IS NULL)
                WHERE owner_id = OLD.owner_id AND scope = \(old);
                """
            try await sql.raw("""
                CREATE TRIGGER IF NOT EXISTS \(unsafeRaw: table)_count_insert AFTER INSERT ON \(unsafeRaw: table)
                BEGIN \(unsafeRaw: add) END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER IF NOT EXISTS \(unsafeRaw: table)_count_delete AFTER DELETE ON \(unsafeRaw: table)
                BEGIN \(unsafeRaw: remove) END
                """).run()
            let moves = table == "log_entries" ? "session_id, deleted_at" : "deleted_at"
            try await sql.raw("""
                CREATE TRIGGER IF NOT EXISTS \(unsafeRaw: table)_count_update AFTER UPDATE OF \(unsafeRaw: moves) ON \(unsafeRaw: table)
                BEGIN \(unsafeRaw: remove) \(unsafeRaw: add) END
                """).run()
        }
    }

    /// Migration 12 (PostgreSQL): the same kept counts, read by the numbering trigger's room check.
    ///
    /// The trigger counted the account's records on every insert (`COUNT(*)` over all its sessions,
    /// or all of a session's logs), so a push of 500 new sessions took 0.2 s for a new account and
    /// 8–10 s near the session quota. Now the numbering trigger reads one row of `record_counts`
    /// and, when the new record has room, counts it there and then (a row trigger after the
    /// insert would run only at the end of the statement, so the rows of one multi-row insert
    /// would each see the count from before it); a trigger after each move, tombstone and delete
    /// keeps the rest in step, in the statement's own transaction. The check stays under the
    /// account's row lock, which the numbering trigger takes first, so two inserts of one account
    /// still cannot both take the last place; a delete running beside it only lowers a count,
    /// which can refuse nothing wrongly.
    ///
    /// One `DO` block, so one transaction: the tables are locked against writers while the
    /// triggers are made and what is stored is counted, and no write falls between the two.
    @Sendable static func addForPostgres(_ sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("""
            CREATE TABLE IF NOT EXISTS record_counts (
                owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                kept BIGINT NOT NULL,
                live BIGINT NOT NULL,
                PRIMARY KEY (owner_id, scope)
            )
            """).run()
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION waterline_count_records() RETURNS trigger AS $$
            DECLARE
                scope_name TEXT;
            BEGIN
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    -- Each field read only where the table has it: plpgsql checks one as it prepares the statement.
                    IF TG_TABLE_NAME = 'log_entries' THEN scope_name := 'log_entries:' || OLD.session_id; ELSE scope_name := TG_TABLE_NAME; END IF;
                    UPDATE record_counts SET kept = kept - 1, live = live - (OLD.deleted_at IS NULL)::int
                        WHERE owner_id = OLD.owner_id AND scope = scope_name;
                END IF;
                IF TG_OP = 'UPDATE' THEN
                    IF TG_TABLE_NAME = 'log_entries' THEN scope_name := 'log_entries:' || NEW.session_id; ELSE scope_name := TG_TABLE_NAME; END IF;
                    INSERT INTO record_counts (owner_id, scope, kept, live) VALUES (NEW.owner_id, scope_name, 1, (NEW.deleted_at IS NULL)::int)
                        ON CONFLICT (owner_id, scope) DO UPDATE SET kept = record_counts.kept + 1, live = record_counts.live + excluded.live;
                END IF;
                RETURN NULL;
            END
            $$ LANGUAGE plpgsql
            """).run()
        var block = "LOCK TABLE sessions, presets, log_entries IN SHARE ROW EXCLUSIVE MODE;\n"
        for table in ["sessions", "presets", "log_entries"] {
            let scope = table == "log_entries" ? "'log_entries:' || session_id" : "'\(table)'"
            let moves = table == "log_entries" ? "session_id, deleted_at" : "deleted_at"
            let changed = table == "log_entries"
                ? "OLD.session_id IS DISTINCT FROM NEW.session_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at"
                : "OLD.deleted_at IS DISTINCT FROM NEW.deleted_at"
            block += """
                DROP TRIGGER IF EXISTS \(table)_count ON \(table);
                DROP TRIGGER IF EXISTS \(table)_count_update ON \(table);
                CREATE TRIGGER \(table)_count AFTER DELETE ON \(table)
                    FOR EACH ROW EXECUTE FUNCTION waterline_count_records();
                CREATE TRIGGER \(table)_count_update AFTER UPDATE OF \(moves) ON \(table)
                    FOR EACH ROW WHEN (\(changed)) EXECUTE FUNCTION waterline_count_records();
                INSERT INTO record_counts (owner_id, scope, kept, live)
                    SELECT owner_id, \(scope), COUNT(*), COUNT(*) FILTER (WHERE deleted_at IS NULL) FROM \(table) GROUP BY 1, 2
                    ON CONFLICT (owner_id, scope) DO UPDATE SET kept = excluded.kept, live = excluded.live;

                """
        }
        try await sql.raw("DO $$ BEGIN \(unsafeRaw: block) END $$").run()
        try await ChangeSequence.createTriggers(sql)
    }
}
