import Foundation
import SQLiteNIO
import WaterlineKit

/// A `SyncStore` in one SQLite file: the command line's store, on the same SQLite the server
/// uses (sqlite-nio, compiled from source, so no system SQLite is needed). Every write and the
/// pending change it causes are committed in one transaction.
///
/// The file is checked when it is opened (`PRAGMA quick_check`); a damaged store is still read,
/// so what is intact can be exported, but every write is refused with `StoreDamage`.
public actor SQLiteSessionStore: SyncStore {
    private let connection: SQLiteConnection
    private let gate = SerialGate()
    /// What the integrity check found, when the file is damaged.
    public nonisolated let damage: StoreDamage?

    private init(connection: SQLiteConnection, damage: StoreDamage?) {
        self.connection = connection
        self.damage = damage
    }

    /// Opens or creates the database at `path`, checks it, and brings its schema up to date.
    public static func open(path: String) async throws -> SQLiteSessionStore {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
            let damage = try await StoreIntegrity.check(connection, path: path)
            if damage == nil { try await StoreSchema.migrate(connection) }
            return SQLiteSessionStore(connection: connection, damage: damage)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Closes the file; the store may not be used after.
    public func close() async {
        try? await connection.close()
    }

    /// A number that changes whenever another connection (another `waterline`) commits.
    public func dataVersion() async throws -> Int {
        try await read { db in Int(try await db.query("PRAGMA data_version").first?.column("data_version")?.integer ?? 0) }
    }

    // MARK: SessionStore

    public func user() async throws -> User? {
        try await read { db in try await Rows.user(db) }
    }

    public func saveUser(_ user: User) async throws {
        try await write { db in
            let previous = try await Rows.user(db)
            _ = try await db.query("DELETE FROM user")
            _ = try await db.query("INSERT INTO user (id, body) VALUES (?, ?)", [Rows.key(user.id), Rows.json(user)])
            // Defaults nobody chose are never sent: the account's own settings win on every device.
            if previous?.settings != user.settings, !user.settings.isUntouched { try await Rows.enqueue(.settings(user.settings), db) }
        }
    }

    public func activeSession() async throws -> Session? {
        try await read { db in try await Rows.activeSession(db) }
    }

    public func startSession(_ candidate: Session) async throws -> (session: Session, created: Bool) {
        let result: StartResult = try await write { db in
            if let active = try await Rows.activeSession(db) { return StartResult(session: active, created: false) }
            try await Rows.write(candidate, db)
            return StartResult(session: candidate, created: true)
        }
        return (result.session, result.created)
    }

    public func session(id: UUID) async throws -> Session? {
        try await read { db in
            try await Rows.one(Session.self, "SELECT body FROM sessions WHERE id = ? AND deleted_at IS NULL", [Rows.key(id)], db)
        }
    }

    public func sessions(limit: Int?) async throws -> [Session] {
        try await list(Session.self, "SELECT body FROM sessions WHERE deleted_at IS NULL ORDER BY start_time DESC LIMIT ?", [.integer(limit ?? -1)])
    }

    public func pastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        // Ids are stored lowercased; history order compares them uppercased, as `HistoryCursor` does.
        let start = cursor.map { SQLiteData.float($0.startTime.timeIntervalSince1970) } ?? .null
        let id = cursor.map { SQLiteData.text($0.id.uuidString) } ?? .null
        return try await list(Session.self, """
            SELECT body FROM sessions WHERE deleted_at IS NULL AND NOT is_active
            AND (?1 IS NULL OR start_time < ?1 OR (start_time = ?1 AND upper(id) < ?2))
            ORDER BY start_time DESC, upper(id) DESC LIMIT ?3
            """, [start, id, .integer(limit)])
    }

    public func saveSession(_ session: Session) async throws {
        try await write { db in
            if session.isActive, session.deletedAt == nil, let active = try await Rows.activeSession(db), active.id != session.id {
                throw SessionStoreError.secondActiveSession(active.id)
            }
            try await Rows.write(session, db)
        }
    }

    public func logs(sessionId: UUID) async throws -> [LogEntry] {
        try await list(LogEntry.self, "SELECT body FROM log_entries WHERE session_id = ? AND deleted_at IS NULL", [Rows.key(sessionId)])
            .sorted(by: WaterlineEngine.isOrderedBefore)
    }

    public func log(id: UUID) async throws -> LogEntry? {
        try await read { db in try await Rows.one(LogEntry.self, "SELECT body FROM log_entries WHERE id = ?", [Rows.key(id)], db) }
    }

    public func saveLog(_ log: LogEntry) async throws {
        try await write { db in
            guard try await Rows.hasSession(log.sessionId, db) else { throw SessionStoreError.unknownSession(log.sessionId) }
            try await Rows.write(log, db)
            try await Rows.enqueue(.logEntry(log), db)
        }
    }

    public func presets() async throws -> [DrinkPreset] {
        try await read { db in
            try await Rows.all(DrinkPreset.self, "SELECT body FROM presets WHERE deleted_at IS NULL ORDER BY sort_order, id", [], db)
        }
    }

    public func preset(id: UUID) async throws -> DrinkPreset? {
        try await read { db in
            try await Rows.one(DrinkPreset.self, "SELECT body FROM presets WHERE id = ? AND deleted_at IS NULL", [Rows.key(id)], db)
        }
    }

    public func savePreset(_ preset: DrinkPreset) async throws {
        try await write { db in
            try await Rows.write(preset, db)
            try await Rows.enqueue(.preset(PresetRecord(preset)), db)
        }
    }

    public func deleteAll() async throws {
        try await write { db in
            for table in ["log_entries", "sessions", "presets", "user", "outbox_changes", "sync_state"] {
                _ = try await db.query("DELETE FROM \(table)")
            }
        }
    }

    // MARK: SyncStore

    public func pendingChanges() async throws -> [PendingChange] {
        try await read { db in try await Rows.pending(db, waitingOnly: false, limit: nil) }
    }

    public func nextChanges(limit: Int) async throws -> [PendingChange] {
        try await read { db in try await Rows.pending(db, waitingOnly: true, limit: limit) }
    }

    public func outboxCounts() async throws -> OutboxCounts {
        try await read { db in try await Rows.outboxCounts(db) }
    }

    public func completeChange(_ key: SyncKey, revision: Int) async throws {
        try await write { db in try await Rows.complete(key, revision: revision, db) }
    }

    public func failChange(_ key: SyncKey, revision: Int, reason: String) async throws {
        try await write { db in try await Rows.fail(key, revision: revision, reason: reason, db) }
    }

    public func settle(_ pushed: [PushedChange]) async throws {
        try await write { db in
            guard let user = try await Rows.user(db) else { throw SessionStoreError.noUser }
            for change in pushed {
                if let failure = change.failure {
                    try await Rows.fail(change.key, revision: change.revision, reason: failure, db)
                    continue
                }
                try await Rows.complete(change.key, revision: change.revision, db)
                if let stored = change.stored { _ = try await Self.merge(stored, user: user, db) }
            }
        }
    }

    public func applyPage(_ changes: [SyncPayload], cursor: SyncCursor) async throws -> [SyncPayload] {
        try await write { db in
            guard var user = try await Rows.user(db) else { throw SessionStoreError.noUser }
            var unplaced: [SyncPayload] = []
            for change in changes.inApplyOrder() {
                do {
                    _ = try await Self.merge(change, user: user, db)
                } catch SessionStoreError.unknownSession {
                    // A log whose session has not come yet; nothing of it was written.
                    unplaced.append(change)
                }
                if case .settings = change, let updated = try await Rows.user(db) { user = updated }
            }
            try await Rows.saveSyncCursor(cursor, db)
            return unplaced
        }
    }

    public func syncCursor() async throws -> SyncCursor? {
        try await read { db in try await Rows.syncCursor(db) }
    }

    public func saveSyncCursor(_ cursor: SyncCursor?) async throws {
        try await write { db in try await Rows.saveSyncCursor(cursor, db) }
    }

    public func requeueAll() async throws {
        try await write { db in
            for session in try await Rows.all(Session.self, "SELECT body FROM sessions ORDER BY start_time", [], db) {
                try await Rows.enqueue(.session(SessionRecord(session)), db)
            }
            for preset in try await Rows.all(DrinkPreset.self, "SELECT body FROM presets ORDER BY sort_order", [], db) {
                try await Rows.enqueue(.preset(PresetRecord(preset)), db)
            }
            for log in try await Rows.all(LogEntry.self, "SELECT body FROM log_entries ORDER BY timestamp, id", [], db) {
                try await Rows.enqueue(.logEntry(log), db)
            }
            if let settings = try await Rows.user(db)?.settings, !settings.isUntouched {
                try await Rows.enqueue(.settings(settings), db)
            }
        }
    }

    @discardableResult
    public func applyRemote(_ payload: SyncPayload) async throws -> Bool {
        try await write { db in
            guard let user = try await Rows.user(db) else { throw SessionStoreError.noUser }
            return try await Self.merge(payload, user: user, db)
        }
    }

    /// Merges one version from the backend inside a transaction; see `applyRemote(_:)`.
    private static func merge(_ payload: SyncPayload, user: User, _ db: SQLiteConnection) async throws -> Bool {
        let replaced: Bool
        switch payload {
        case .session(let record):
            let local = try await Rows.one(Session.self, "SELECT body FROM sessions WHERE id = ?", [Rows.key(record.id)], db)
            replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { try await Rows.write(record.session(userId: user.id), enqueueing: false, db) }
        case .logEntry(let log):
            guard try await Rows.hasSession(log.sessionId, db) else { throw SessionStoreError.unknownSession(log.sessionId) }
            let local = try await Rows.one(LogEntry.self, "SELECT body FROM log_entries WHERE id = ?", [Rows.key(log.id)], db)
            replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { try await Rows.write(log, db) }
        case .preset(let record):
            let local = try await Rows.one(DrinkPreset.self, "SELECT body FROM presets WHERE id = ?", [Rows.key(record.id)], db)
            replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { try await Rows.write(record.preset(userId: user.id), db) }
        case .settings(let settings):
            replaced = Stamp(updatedAt: user.settings.updatedAt, deletedAt: nil).isReplaced(by: payload.stamp)
            if replaced {
                var updated = user
                updated.settings = settings
                _ = try await db.query("UPDATE user SET body = ?", [Rows.json(updated)])
            }
        }
        if replaced { try await Rows.discard(payload.key, db) }
        return replaced
    }

    // MARK: Transactions

    private struct StartResult: Sendable {
        var session: Session
        var created: Bool
    }

    /// A list the commands show and export; on a damaged store, the rows it can still read (the
    /// night's sessions and logs are what people save).
    private func list<Value: Decodable & Sendable>(_ type: Value.Type, _ sql: String, _ binds: [SQLiteData]) async throws -> [Value] {
        let salvaging = damage != nil
        return try await read { db in
            salvaging ? await Rows.salvage(type, sql, binds, db) : try await Rows.all(type, sql, binds, db)
        }
    }

    private func read<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        guard damage == nil else {
            // Nothing is written to a damaged store, so its reads need no transaction, and a read
            // that stops at the damage must not leave one that cannot commit.
            let connection = connection
            return try await gate.run { try await body(connection) }
        }
        return try await transaction("BEGIN", body)
    }

    /// A write transaction, refused at once on a damaged store (nothing is written then).
    private func write<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        if let damage { throw damage }
        // IMMEDIATE takes the write lock at the start, so two processes never deadlock upgrading.
        return try await transaction("BEGIN IMMEDIATE", body)
    }

    /// One transaction at a time on this connection: the gate keeps a second call from
    /// interleaving its statements while the first awaits SQLite.
    private func transaction<T: Sendable>(_ begin: String, _ body: (SQLiteConnection) async throws -> T) async throws -> T {
        let connection = connection
        return try await gate.run {
            _ = try await connection.query(begin)
            do {
                let value = try await body(connection)
                _ = try await connection.query("COMMIT")
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }
}
