import Foundation
import GRDB
import WaterlineKit

/// A `SyncStore` in one SQLite file (GRDB): the command line's store. Every write and the
/// pending change it causes are committed in one transaction.
public final class SQLiteSessionStore: SyncStore {
    private let queue: DatabaseQueue

    /// Opens or creates the database at `path` and brings its schema up to date.
    public init(path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true
        )
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try Self.migrator.migrate(queue)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE user (id TEXT PRIMARY KEY, body TEXT NOT NULL);
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY, start_time DOUBLE NOT NULL, is_active BOOLEAN NOT NULL,
                    deleted_at DOUBLE, body TEXT NOT NULL
                );
                CREATE UNIQUE INDEX sessions_one_active ON sessions (is_active) WHERE is_active AND deleted_at IS NULL;
                CREATE TABLE log_entries (
                    id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    timestamp DOUBLE NOT NULL, deleted_at DOUBLE, body TEXT NOT NULL
                );
                CREATE INDEX log_entries_by_session ON log_entries (session_id, timestamp, id);
                CREATE TABLE presets (id TEXT PRIMARY KEY, sort_order INTEGER NOT NULL, deleted_at DOUBLE, body TEXT NOT NULL);
                CREATE TABLE outbox (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
                """)
        }
        return migrator
    }

    // MARK: SessionStore

    public func user() async throws -> User? {
        try await queue.read { db in try Self.decode(User.self, String.fetchOne(db, sql: "SELECT body FROM user")) }
    }

    public func saveUser(_ user: User) async throws {
        try await queue.write { db in
            let previous = try Self.decode(User.self, String.fetchOne(db, sql: "SELECT body FROM user"))
            try db.execute(sql: "DELETE FROM user")
            try db.execute(sql: "INSERT INTO user (id, body) VALUES (?, ?)", arguments: [Self.key(user.id), Self.json(user)])
            if previous?.settings != user.settings { try Self.enqueue(.settings(user.settings), db) }
        }
    }

    public func activeSession() async throws -> Session? {
        try await queue.read(Self.activeSession)
    }

    public func startSession(_ candidate: Session) async throws -> (session: Session, created: Bool) {
        try await queue.write { db in
            if let active = try Self.activeSession(db) { return (active, false) }
            try Self.write(candidate, db)
            return (candidate, true)
        }
    }

    public func session(id: UUID) async throws -> Session? {
        try await queue.read { db in
            try Self.decode(Session.self, String.fetchOne(db, sql: "SELECT body FROM sessions WHERE id = ? AND deleted_at IS NULL", arguments: [Self.key(id)]))
        }
    }

    public func sessions(limit: Int?) async throws -> [Session] {
        try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT body FROM sessions WHERE deleted_at IS NULL ORDER BY start_time DESC LIMIT ?", arguments: [limit ?? -1])
                .compactMap { try Self.decode(Session.self, $0) }
        }
    }

    public func saveSession(_ session: Session) async throws {
        try await queue.write { db in
            if session.isActive, session.deletedAt == nil, let active = try Self.activeSession(db), active.id != session.id {
                throw SessionStoreError.secondActiveSession(active.id)
            }
            try Self.write(session, db)
        }
    }

    public func logs(sessionId: UUID) async throws -> [LogEntry] {
        try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT body FROM log_entries WHERE session_id = ? AND deleted_at IS NULL", arguments: [Self.key(sessionId)])
                .compactMap { try Self.decode(LogEntry.self, $0) }
                .sorted(by: WaterlineEngine.isOrderedBefore)
        }
    }

    public func log(id: UUID) async throws -> LogEntry? {
        try await queue.read { db in
            try Self.decode(LogEntry.self, String.fetchOne(db, sql: "SELECT body FROM log_entries WHERE id = ?", arguments: [Self.key(id)]))
        }
    }

    public func saveLog(_ log: LogEntry) async throws {
        try await queue.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE id = ?", arguments: [Self.key(log.sessionId)]) != nil else {
                throw SessionStoreError.unknownSession(log.sessionId)
            }
            try Self.write(log, db)
            try Self.enqueue(.logEntry(log), db)
        }
    }

    public func presets() async throws -> [DrinkPreset] {
        try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT body FROM presets WHERE deleted_at IS NULL ORDER BY sort_order, id")
                .compactMap { try Self.decode(DrinkPreset.self, $0) }
        }
    }

    public func preset(id: UUID) async throws -> DrinkPreset? {
        try await queue.read { db in
            try Self.decode(DrinkPreset.self, String.fetchOne(db, sql: "SELECT body FROM presets WHERE id = ? AND deleted_at IS NULL", arguments: [Self.key(id)]))
        }
    }

    public func savePreset(_ preset: DrinkPreset) async throws {
        try await queue.write { db in
            try Self.write(preset, db)
            try Self.enqueue(.preset(PresetRecord(preset)), db)
        }
    }

    public func deleteAll() async throws {
        try await queue.write { db in
            for table in ["log_entries", "sessions", "presets", "user", "outbox"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }

    // MARK: SyncStore

    public func pendingChanges() async throws -> [PendingChange] {
        try await queue.read { db in try Self.outbox(db).ordered }
    }

    public func completeChange(_ key: SyncKey, revision: Int) async throws {
        try await queue.write { db in try Self.updateOutbox(db) { $0.complete(key, revision: revision) } }
    }

    public func failChange(_ key: SyncKey, revision: Int, reason: String) async throws {
        try await queue.write { db in try Self.updateOutbox(db) { $0.fail(key, revision: revision, reason: reason) } }
    }

    @discardableResult
    public func applyRemote(_ payload: SyncPayload) async throws -> Bool {
        try await queue.write { db in
            guard let user = try Self.decode(User.self, String.fetchOne(db, sql: "SELECT body FROM user")) else {
                throw SessionStoreError.noUser
            }
            let replaced: Bool
            switch payload {
            case .session(let record):
                let local = try Self.decode(Session.self, String.fetchOne(db, sql: "SELECT body FROM sessions WHERE id = ?", arguments: [Self.key(record.id)]))
                replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
                if replaced { try Self.write(record.session(userId: user.id), db) }
            case .logEntry(let log):
                let local = try Self.decode(LogEntry.self, String.fetchOne(db, sql: "SELECT body FROM log_entries WHERE id = ?", arguments: [Self.key(log.id)]))
                replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
                if replaced { try Self.write(log, db) }
            case .preset(let record):
                let local = try Self.decode(DrinkPreset.self, String.fetchOne(db, sql: "SELECT body FROM presets WHERE id = ?", arguments: [Self.key(record.id)]))
                replaced = local.map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
                if replaced { try Self.write(record.preset(userId: user.id), db) }
            case .settings(let settings):
                replaced = Stamp(updatedAt: user.settings.updatedAt, deletedAt: nil).isReplaced(by: payload.stamp)
                if replaced {
                    var updated = user
                    updated.settings = settings
                    try db.execute(sql: "UPDATE user SET body = ?", arguments: [Self.json(updated)])
                }
            }
            if replaced { try Self.updateOutbox(db) { $0.discard(payload.key) } }
            return replaced
        }
    }

    // MARK: Rows

    private static func activeSession(_ db: GRDB.Database) throws -> Session? {
        try decode(Session.self, String.fetchOne(db, sql: "SELECT body FROM sessions WHERE is_active AND deleted_at IS NULL"))
    }

    private static func write(_ session: Session, _ db: GRDB.Database) throws {
        try db.execute(
            // An upsert, never INSERT OR REPLACE: replacing deletes the row first, and the delete
            // would cascade to the session's logs.
            sql: """
                INSERT INTO sessions (id, start_time, is_active, deleted_at, body) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET start_time = excluded.start_time, is_active = excluded.is_active,
                    deleted_at = excluded.deleted_at, body = excluded.body
                """,
            arguments: [key(session.id), session.startTime.timeIntervalSince1970, session.isActive && session.deletedAt == nil,
                        session.deletedAt?.timeIntervalSince1970, json(session)]
        )
        try enqueue(.session(SessionRecord(session)), db)
    }

    private static func write(_ log: LogEntry, _ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                INSERT INTO log_entries (id, session_id, timestamp, deleted_at, body) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET session_id = excluded.session_id, timestamp = excluded.timestamp,
                    deleted_at = excluded.deleted_at, body = excluded.body
                """,
            arguments: [key(log.id), key(log.sessionId), log.timestamp.timeIntervalSince1970, log.deletedAt?.timeIntervalSince1970, json(log)]
        )
    }

    private static func write(_ preset: DrinkPreset, _ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                INSERT INTO presets (id, sort_order, deleted_at, body) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET sort_order = excluded.sort_order, deleted_at = excluded.deleted_at, body = excluded.body
                """,
            arguments: [key(preset.id), preset.sortOrder, preset.deletedAt?.timeIntervalSince1970, json(preset)]
        )
    }

    private static func outbox(_ db: GRDB.Database) throws -> Outbox {
        try decode(Outbox.self, String.fetchOne(db, sql: "SELECT body FROM outbox WHERE id = 1")) ?? Outbox()
    }

    private static func updateOutbox(_ db: GRDB.Database, _ change: (inout Outbox) -> Void) throws {
        var outbox = try outbox(db)
        change(&outbox)
        try db.execute(sql: "INSERT OR REPLACE INTO outbox (id, body) VALUES (1, ?)", arguments: [json(outbox)])
    }

    private static func enqueue(_ payload: SyncPayload, _ db: GRDB.Database) throws {
        try updateOutbox(db) { $0.enqueue(payload) }
    }

    private static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try WaterlineCoding.encoder(pretty: false).encode(value), as: UTF8.self)
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ body: String?) throws -> Value? {
        guard let body else { return nil }
        return try WaterlineCoding.decoder().decode(Value.self, from: Data(body.utf8))
    }
}
