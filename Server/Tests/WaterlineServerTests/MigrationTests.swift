import Foundation
import Logging
import SQLKit
import Testing
import WaterlineKit
@testable import WaterlineServer

@Suite("Schema migrations")
struct MigrationTests {
    @Test("migration 2 gives each existing user's settings their own stamp, taken from the settings")
    func settingsStampBackfill() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-migration-\(UUID().uuidString)")
        let database = try await Database.sqlite(in: directory, logger: Logger(label: "test"))
        let sql = database.sql
        // A database as version 1 left it: one user whose settings were stored at 12:00.
        try await sql.raw("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)").run()
        guard case .statements(let statements) = Migrations.steps[0].step else { throw CancellationError() }
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
        try await sql.raw("INSERT INTO schema_migrations (version) VALUES (1)").run()
        let stamp = Date(timeIntervalSince1970: 1_795_291_200)
        let settings = UserSettings(waterEveryNDrinks: 3, updatedAt: stamp)
        let json = String(decoding: try WaterlineCoding.encoder(pretty: false).encode(settings), as: UTF8.self)
        try await sql.raw("""
            INSERT INTO users (id, apple_sub, created_at, updated_at, settings)
            VALUES ('u1', 'apple-1', 1, \(bind: stamp.timeIntervalSince1970 * 1000 + 5), \(bind: json))
            """).run()

        let repository = WaterlineRepository(database: database)
        try await repository.migrate()
        let row = try #require(try await sql.raw("SELECT settings_updated_at FROM users WHERE id = 'u1'").first())
        #expect(try row.decode(column: "settings_updated_at", as: Double.self) == stamp.timeIntervalSince1970 * 1000)
        try await repository.migrate()  // a second start changes nothing
        #expect(try await sql.raw("SELECT version FROM schema_migrations").all().count == Migrations.steps.count)
        try await database.shutdown()
    }
}
