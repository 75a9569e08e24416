import SQLKit

/// Migration 10 (SQLite): how many records each account keeps, kept rather than counted.
///
/// A new record's room check (`WaterlineRepository.room`) compared two `COUNT(*)`s with the
/// quota on every insert: for a night's logs that read every log of the night, tombstones
/// included (65 µs for a night of 500 on the development machine), so a 500-change `sync:push`
/// spent more on counting than on writing. `record_counts` holds, per account and scope (its
/// sessions, its presets, one night's logs), how many are kept and how many live; triggers keep
/// it in step with every insert, move, tombstone and delete in the same statement, so the check
/// is one row read. SQLite runs one writer at a time, so the check and the insert cannot be
/// interleaved. (PostgreSQL counts in its numbering trigger under the account's lock instead.)
enum RecordCounts {
    /// A count's scope: `sessions`, `presets`, or `log_entries:<night id>`.
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
}
