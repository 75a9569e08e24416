import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// An open database, SQLite or PostgreSQL, behind SQLKit's one `SQLDatabase` interface.
public final class Database: Sendable {
    public enum Kind: String, Sendable { case sqlite, postgres }

    public let sql: any SQLDatabase
    public let kind: Kind
    private let close: @Sendable () async throws -> Void

    private init(sql: any SQLDatabase, kind: Kind, close: @escaping @Sendable () async throws -> Void) {
        self.sql = sql
        self.kind = kind
        self.close = close
    }

    /// Opens (creating if needed) `waterline.sqlite` in `directory`, in WAL mode with foreign keys on.
    public static func sqlite(in directory: URL, logger: Logger) async throws -> Database {
        try DataDirectory.prepare(directory)
        let path = directory.appendingPathComponent("waterline.sqlite").path
        // One connection: SQLite takes one writer at a time anyway, and the connection is
        // opened in serialized mode, so concurrent requests queue instead of failing busy.
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: .singleton, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any()
        )
        let sql = connection.sql()
        try await sql.raw("PRAGMA journal_mode = WAL").run()
        try await sql.raw("PRAGMA foreign_keys = ON").run()
        try await sql.raw("PRAGMA synchronous = NORMAL").run()
        return Database(sql: sql, kind: .sqlite) { try await connection.close() }
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
