import Foundation
import SQLiteNIO
import WaterlineSQLite
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// The command line's store in one SQLite file, on the same SQLite the server uses (sqlite-nio,
/// compiled from source, so no system SQLite is needed), through the server's `SQLiteHandle`:
/// statements run right here on the actor, prepared once and kept, with no hop to another
/// thread and back per statement (a local file answers in microseconds; the hops cost more).
/// It reads and writes rows; what to write is the kit's `StoreRules`, so it follows the same
/// rules as the app's stores, and every write and the pending change it causes are committed in
/// one transaction.
///
/// The file is checked when it is opened (`PRAGMA quick_check`); a damaged store is still read,
/// so what is intact can be exported, but every write is refused with `StoreDamage`. A row that
/// does not decode is left out of every read and left in the file (`unreadableRows`).
public actor SQLiteSessionStore: StoreRows {
    let connection: SQLiteHandle
    private let gate = SerialGate()
    private let unreadable = UnreadableRows()
    /// What the integrity check found, when the file is damaged.
    public nonisolated let damage: StoreDamage?

    /// The rows reads have left out so far because they do not decode, each once.
    public nonisolated var unreadableRows: [UnreadableRow] { unreadable.all }

    private init(connection: SQLiteHandle, damage: StoreDamage?) {
        self.connection = connection
        self.damage = damage
    }

    /// Opens or creates the database at `path`, checks it, and brings its schema up to date. The
    /// file is the person's drinking record: it is theirs alone (0600, narrowed when an older
    /// version left it readable by others), and so is a folder made for it (0700). A folder that
    /// was there keeps its mode: `--home /tmp` must not lock everyone else out of `/tmp`.
    public static func open(path: String) async throws -> SQLiteSessionStore {
        let url = URL(fileURLWithPath: path)
        let files = FileManager.default
        let folder = url.deletingLastPathComponent()
        if !files.fileExists(atPath: folder.path) {
            try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        if !files.fileExists(atPath: path) {
            _ = files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        // The journal comes and goes with another process's transaction: one that went between
        // the look and the narrowing is not an error.
        for file in [path + "-journal", path + "-wal", path + "-shm"] where files.fileExists(atPath: file) {
            try? files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        let connection = try SQLiteHandle(path: path)
        do {
            try connection.run("PRAGMA busy_timeout = 5000")
            try connection.run("PRAGMA foreign_keys = ON")
            let damage = try StoreIntegrity.check(connection, path: path)
            if damage == nil { try StoreSchema.migrate(connection) }
            return SQLiteSessionStore(connection: connection, damage: damage)
        } catch {
            connection.close()
            throw error
        }
    }

    /// Closes the file; the store may not be used after.
    public func close() async {
        connection.close()
    }

    /// A number that changes whenever another connection (another `waterline`) commits.
    public func dataVersion() async throws -> Int {
        try await transaction(writes: false) {
            try await self.integer("PRAGMA data_version", column: "data_version")
        }
    }

    // MARK: Transactions

    /// One transaction at a time on this connection: the gate keeps a second call from
    /// interleaving its statements while the first awaits SQLite. A write is refused at once on a
    /// damaged store; a read there runs outside a transaction, so one that stops at the damage
    /// leaves nothing that cannot commit.
    public func transaction<T: Sendable>(writes: Bool, _ body: @Sendable () async throws -> T) async throws -> T {
        if writes, let damage { throw damage }
        if damage != nil { return try await gate.run { try await body() } }
        return try await gate.run {
            // IMMEDIATE takes the write lock at the start, so two processes never deadlock upgrading.
            try connection.run(writes ? "BEGIN IMMEDIATE" : "BEGIN")
            do {
                let value = try await body()
                try connection.run("COMMIT")
                return value
            } catch {
                if !connection.isAutocommit { _ = try? connection.run("ROLLBACK") }
                throw error
            }
        }
    }

    // MARK: Records

    public func readUser() async throws -> User? {
        try await one(User.self, "SELECT id, body FROM user", [])
    }

    public func writeUser(_ user: User) async throws {
        try connection.run("DELETE FROM user")
        try connection.run("INSERT INTO user (id, body) VALUES (?, ?)", [Rows.key(user.id), Rows.json(user)])
    }

    public func readSession(id: UUID) async throws -> Session? {
        try await one(Session.self, "SELECT id, body FROM sessions WHERE id = ?", [Rows.key(id)])
    }

    public func writeSession(_ session: Session) async throws {
        // An upsert, never INSERT OR REPLACE: replacing deletes the row first, and the delete
        // would cascade to the session's logs.
        try connection.run(
            """
            INSERT INTO sessions (id, start_time, is_active, deleted_at, body) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET start_time = excluded.start_time, is_active = excluded.is_active,
                deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [Rows.key(session.id), .float(session.startTime.timeIntervalSince1970), .integer(session.isActive && session.deletedAt == nil ? 1 : 0),
             Rows.time(session.deletedAt), try Rows.json(session)]
        )
    }

    public func readLog(id: UUID) async throws -> LogEntry? {
        try await one(LogEntry.self, "SELECT id, body FROM log_entries WHERE id = ?", [Rows.key(id)])
    }

    public func writeLog(_ log: LogEntry) async throws {
        try connection.run(
            """
            INSERT INTO log_entries (id, session_id, timestamp, deleted_at, body) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET session_id = excluded.session_id, timestamp = excluded.timestamp,
                deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [Rows.key(log.id), Rows.key(log.sessionId), .float(log.timestamp.timeIntervalSince1970), Rows.time(log.deletedAt), try Rows.json(log)]
        )
    }

    public func readPreset(id: UUID) async throws -> DrinkPreset? {
        try await one(DrinkPreset.self, "SELECT id, body FROM presets WHERE id = ?", [Rows.key(id)])
    }

    public func writePreset(_ preset: DrinkPreset) async throws {
        try connection.run(
            """
            INSERT INTO presets (id, sort_order, deleted_at, body) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET sort_order = excluded.sort_order, deleted_at = excluded.deleted_at, body = excluded.body
            """,
            [Rows.key(preset.id), .integer(preset.sortOrder), Rows.time(preset.deletedAt), try Rows.json(preset)]
        )
    }

    // MARK: Queries

    public func readActiveSessions() async throws -> [Session] {
        try await list(Session.self, "SELECT id, body FROM sessions WHERE is_active AND deleted_at IS NULL", [])
    }

    public func readSessions(limit: Int?) async throws -> [Session] {
        try await list(Session.self, "SELECT id, body FROM sessions WHERE deleted_at IS NULL ORDER BY start_time DESC LIMIT ?", [.integer(limit ?? -1)])
    }

    public func readPastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        // Ids are stored lowercased; history order compares them uppercased, as `HistoryCursor` does.
        let start = cursor.map { SQLiteData.float($0.startTime.timeIntervalSince1970) } ?? .null
        let id = cursor.map { SQLiteData.text($0.id.uuidString) } ?? .null
        return try await list(Session.self, """
            SELECT id, body FROM sessions WHERE deleted_at IS NULL AND NOT is_active
            AND (?1 IS NULL OR start_time < ?1 OR (start_time = ?1 AND upper(id) < ?2))
            ORDER BY start_time DESC, upper(id) DESC LIMIT ?3
            """, [start, id, .integer(limit)])
    }

    public func readLogs(sessionId: UUID) async throws -> [LogEntry] {
        try await list(LogEntry.self, "SELECT id, body FROM log_entries WHERE session_id = ? AND deleted_at IS NULL", [Rows.key(sessionId)])
    }

    public func readPresets() async throws -> [DrinkPreset] {
        try await list(DrinkPreset.self, "SELECT id, body FROM presets WHERE deleted_at IS NULL", [])
    }

    public func readEveryRecord() async throws -> StoredRecords {
        StoredRecords(
            sessions: try await list(Session.self, "SELECT id, body FROM sessions", []),
            logs: try await list(LogEntry.self, "SELECT id, body FROM log_entries", []),
            presets: try await list(DrinkPreset.self, "SELECT id, body FROM presets", [])
        )
    }

    // MARK: The outbox: one row per record waiting, indexed by key and by queue order

    public func readOutboxRow(key: SyncKey) async throws -> PendingChange? {
        try Rows.pending(connection, "WHERE key = ?", [.text(key.description)], skipping: unreadable).first
    }

    public func readOutboxRevision(key: SyncKey) async throws -> Int? {
        try connection.rows("SELECT revision FROM outbox_changes WHERE key = ?", [.text(key.description)]).first?.column("revision")?.integer
    }

    public func writeOutboxRow(_ change: PendingChange) async throws {
        try connection.run(
            "INSERT OR REPLACE INTO outbox_changes (key, sequence, revision, failure, payload) VALUES (?, ?, ?, ?, ?)",
            [.text(change.id.description), .integer(change.sequence), .integer(change.revision),
             change.failure.map { .text($0) } ?? .null, try Rows.json(change.payload)]
        )
    }

    public func deleteOutboxRow(key: SyncKey) async throws {
        try connection.run("DELETE FROM outbox_changes WHERE key = ?", [.text(key.description)])
    }

    public func readOutbox(waitingOnly: Bool, limit: Int?) async throws -> [PendingChange] {
        try Rows.pending(
            connection, "\(waitingOnly ? "WHERE failure IS NULL" : "") ORDER BY sequence LIMIT ?", [.integer(limit ?? -1)], skipping: unreadable
        )
    }

    public func readOutboxCounts() async throws -> OutboxCounts {
        let row = try connection.rows("SELECT COUNT(*) AS total, COUNT(failure) AS failed FROM outbox_changes").first
        let total = row?.column("total")?.integer ?? 0
        let failed = row?.column("failed")?.integer ?? 0
        return OutboxCounts(pending: total - failed, failed: failed)
    }

    public func readLastOutboxSequence() async throws -> Int {
        try await integer("SELECT COALESCE(MAX(sequence), 0) AS last FROM outbox_changes", column: "last")
    }

    public func deleteAllRows() async throws {
        for table in ["log_entries", "sessions", "presets", "user", "outbox_changes", "sync_state", "feed"] {
            try connection.run("DELETE FROM \(table)")
        }
    }

    // MARK: Reading rows

    private func one<Value: Decodable & Sendable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData]) async throws -> Value? {
        try Rows.one(type, sql, binds, connection, skipping: unreadable)
    }

    /// A list the commands show and export; on a damaged store, the rows it can still read (the
    /// session's sessions and logs are what people save).
    private func list<Value: Decodable & Sendable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData]) async throws -> [Value] {
        damage != nil
            ? Rows.salvage(type, sql, binds, connection, skipping: unreadable)
            : try Rows.all(type, sql, binds, connection, skipping: unreadable)
    }

    func integer(_ sql: String, column: String) async throws -> Int {
        Int(try connection.rows(sql).first?.column(column)?.integer ?? 0)
    }
}
