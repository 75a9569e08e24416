import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit

/// An open database, SQLite or PostgreSQL, behind SQLKit's one `SQLDatabase` interface.
public final class Database: Sendable {
    public enum Kind: String, Sendable { case sqlite, postgres }

    public let sql: any SQLDatabase
    public let kind: Kind
    /// Tokens known not revoked, kept only where this process is the database's one writer.
    let validTokens: ValidTokenCache?
    private let close: @Sendable () async throws -> Void

    private init(sql: any SQLDatabase, kind: Kind, close: @escaping @Sendable () async throws -> Void) {
        self.sql = sql
        self.kind = kind
        validTokens = kind == .sqlite ? ValidTokenCache() : nil
        self.close = close
    }

    /// Opens (creating if needed) `waterline.sqlite` in `directory`, in WAL mode with foreign keys on.
    ///
    /// One connection on one thread (`SQLiteGroupCommit`): SQLite takes one writer at a time
    /// anyway. Writes are committed in groups and acknowledged only once on disk (`WALSyncer`
    /// syncs the WAL beside the database thread). The directory is locked while open, so a
    /// second server on it is refused rather than sharing the file (and this process may
    /// remember what only it changes); the connection holds the file exclusively too, which
    /// keeps SQLite's WAL index in memory instead of a shared file.
    public static func sqlite(in directory: URL, logger: Logger) async throws -> Database {
        try DataDirectory.prepare(directory)
        let lock = try DirectoryLock(in: directory)
        let path = directory.appendingPathComponent("waterline.sqlite").path
        // Before SQLite reads the log: its recovery would drop what follows a damaged frame.
        if let damage = try WALCheck.inspect(path + "-wal") {
            throw DamagedDatabase(path: path, check: "wal_check", problems: [damage.description])
        }
        let queue = try SQLiteGroupCommit(path: path, setup: [
            "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON",
            "PRAGMA synchronous = NORMAL", "PRAGMA temp_store = MEMORY", "PRAGMA cache_size = -65536",
            // Checkpoints stay at SQLite's 1,000 pages: they run inside a commit and stall the
            // thread, and larger ones (10,000 was tried) stalled long enough to double the p99.
            "PRAGMA journal_size_limit = 67108864",
            // Takes the exclusive lock now, and keeps it until the database is closed.
            "BEGIN IMMEDIATE", "COMMIT",
        ], holding: lock)
        let sql = GroupCommitDatabase(queue: queue, logger: logger)
        do {
            try await checkIntegrity(sql, path: path, logger: logger)
        } catch {
            await queue.stop()
            throw error
        }
        return Database(sql: sql, kind: .sqlite) { await queue.stop() }
    }

    /// The largest file `PRAGMA integrity_check` is run on at start; a larger one gets `quick_check`.
    static let fullCheckBytes: Int64 = 256 * 1024 * 1024

    /// Checks the file before anything is written (migrations come after): a damaged file is
    /// refused at start, rather than served with writes acknowledged and reads failing (or, worse,
    /// answering short) where the damage is. A file up to `fullCheckBytes` gets the full
    /// `integrity_check`, which also compares every index with its table (a row missing from an
    /// index makes a pull skip records, and `quick_check` cannot see it); a larger one gets
    /// `quick_check`, which reads every page once (a few seconds for a few gigabytes), and the
    /// log says so and how to run the full check. Returns the check run.
    @discardableResult
    static func checkIntegrity(_ sql: any SQLDatabase, path: String, logger: Logger) async throws -> String {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        let wal = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.int64Value ?? 0
        let check = size + wal <= fullCheckBytes ? "integrity_check" : "quick_check"
        if check == "quick_check" {
            logger.notice("""
                the database is \((size + wal) / 1_048_576) MB, past the \(fullCheckBytes / 1_048_576) MB checked in full at start: \
                quick_check only (pages and rows; indexes not compared). For the full check, stop the server and run \
                sqlite3 \(path) 'PRAGMA integrity_check'
                """)
        }
        let problems = try await sql.raw("PRAGMA \(unsafeRaw: check)(3)").all().map { try $0.decode(column: check, as: String.self) }
        guard problems != ["ok"] else { return check }
        throw DamagedDatabase(path: path, check: check, problems: problems)
    }

    /// Connects to PostgreSQL at a `postgres://user:pass@host:port/db` URL through a small pool.
    public static func postgres(url: String, logger: Logger) throws -> Database {
        // Several configurations built at once (their TLS contexts) crashed a test run once;
        // one at a time avoids it and costs nothing at start-up.
        let configuration: SQLPostgresConfiguration
        do {
            configuration = try tlsSetupLock.withLock { try SQLPostgresConfiguration(url: url) }
        } catch {
            // The URL holds the password: name only where it points.
            throw FunctionError(.internal, "the PostgreSQL URL \(DatabaseURL.redacted(url)) could not be read")
        }
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4,
            on: MultiThreadedEventLoopGroup.singleton
        )
        let box = PoolBox(pool: pool)
        return Database(sql: pool.database(logger: logger).sql(), kind: .postgres) { try await box.pool.shutdownAsync() }
    }

    /// Opens PostgreSQL when a URL is given, else SQLite in the data directory.
    public static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> Database {
        if let url = configuration.databaseURL {
            return try postgres(url: url, logger: logger)
        }
        return try await sqlite(in: configuration.dataDirectory, logger: logger)
    }

    public func shutdown() async throws {
        try await close()
    }
}

private let tlsSetupLock = NSLock()

/// The pool is safe to use from any thread (it hops to its event loops); AsyncKit predates
/// `Sendable`, so this says so where the shutdown closure captures it.
private final class PoolBox: @unchecked Sendable {
    let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>

    init(pool: EventLoopGroupConnectionPool<PostgresConnectionSource>) {
        self.pool = pool
    }
}
