import Foundation
import Logging
import SQLKit
@testable import WaterlineServer

/// A PostgreSQL database of a test's own, beside the shared test database, for a test whose
/// writes would disturb the others (a clock moved far ahead leaves marks every server obeys).
struct IsolatedPostgres {
    let url: String
    private let name: String
    private let admin: Database

    /// Creates a fresh, empty database on the test server; nil when PostgreSQL is not configured.
    static func create() async throws -> IsolatedPostgres? {
        guard let shared = StorageKind.postgresURL, let slash = shared.lastIndex(of: "/") else { return nil }
        var logger = Logger(label: "waterline-test-postgres")
        logger.logLevel = .critical
        let admin = try Database.postgres(url: shared, logger: logger)
        let name = "waterline_isolated_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await admin.sql.raw("CREATE DATABASE \(unsafeRaw: name)").run()
        return IsolatedPostgres(url: String(shared[...slash]) + name, name: name, admin: admin)
    }

    /// Drops the database (the servers using it must have stopped).
    func drop() async throws {
        try await admin.sql.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run()
        try await admin.shutdown()
    }
}
