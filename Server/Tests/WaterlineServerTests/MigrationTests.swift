import Foundation
import Logging
import SQLKit
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
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

    @Test("migration 5 numbers what is already stored, sessions first, and later writes continue the count")
    func changeSequenceBackfill() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-migration-\(UUID().uuidString)")
        let database = try await Database.sqlite(in: directory, logger: Logger(label: "test"))
        let sql = database.sql
        // A database as version 4 left it.
        try await sql.raw("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)").run()
        for (version, step) in Migrations.steps where version <= 4 {
            switch step {
            case .statements(let statements): for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
            case .code(let run): try await run(sql)
            }
            try await sql.raw("INSERT INTO schema_migrations (version) VALUES (\(bind: version))").run()
        }
        let repository = WaterlineRepository(database: database)
        let owner = Caller(userId: UUID())
        let other = Caller(userId: UUID())
        for caller in [owner, other] {
            try await sql.raw("""
                INSERT INTO users (id, apple_sub, created_at, updated_at, settings, settings_updated_at)
                VALUES (\(bind: caller.key), \(bind: caller.key), 1, 1, \(bind: "{}"), 0)
                """).run()
        }
        // Written logs first, then the sessions' later edits: numbering still puts sessions first.
        let session = Records.session(end: 60)
        func insert(_ table: String, _ id: UUID, _ caller: Caller, extra: String, values: String, updated: Double) async throws {
            let statement = """
                INSERT INTO \(table) (id, owner_id, \(extra), updated_at, body) VALUES ('\(id.uuidString.lowercased())', '\(caller.key)', \(values), \(updated), '{}')
                """
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await insert("sessions", session.id, owner, extra: "start_time, is_active", values: "1, FALSE", updated: 50)
        let logIDs = [UUID(), UUID()]
        for (index, id) in logIDs.enumerated() {
            try await insert("log_entries", id, owner, extra: "session_id, timestamp", values: "'\(session.id.uuidString.lowercased())', 1", updated: Double(10 + index))
        }
        try await insert("presets", UUID(), owner, extra: "sort_order", values: "0", updated: 5)
        let foreign = UUID()
        try await insert("sessions", foreign, other, extra: "start_time, is_active", values: "1, FALSE", updated: 1)

        try await repository.migrate()
        func seq(_ table: String, _ id: UUID) async throws -> Int {
            try #require(try await sql.raw("SELECT seq FROM \(unsafeRaw: table) WHERE id = \(bind: id.uuidString.lowercased())").first())
                .decode(column: "seq", as: Int.self)
        }
        #expect(try await seq("sessions", session.id) == 1)
        #expect(try await seq("log_entries", logIDs[0]) == 3)
        #expect(try await seq("log_entries", logIDs[1]) == 4)
        #expect(try await seq("sessions", foreign) == 1)
        let last = try #require(try await sql.raw("SELECT change_seq FROM users WHERE id = \(bind: owner.key)").first()).decode(column: "change_seq", as: Int.self)
        #expect(last == 4)

        // A later write takes the next number, through the trigger.
        try await sql.raw("UPDATE log_entries SET body = '{ }' WHERE id = \(bind: logIDs[0].uuidString.lowercased())").run()
        #expect(try await seq("log_entries", logIDs[0]) == 5)
        try await repository.migrate()  // a second start changes nothing
        #expect(try await seq("log_entries", logIDs[0]) == 5)

        // Migration 6 kept every row, and ids are now per owner: the other user may use the same one.
        #expect(try await sql.raw("SELECT COUNT(*) AS n FROM log_entries").first()?.decode(column: "n", as: Int.self) == 2)
        try await insert("sessions", session.id, other, extra: "start_time, is_active", values: "1, FALSE", updated: 2)
        #expect(try await sql.raw("SELECT COUNT(*) AS n FROM sessions WHERE id = \(bind: session.id.uuidString.lowercased())").first()?
            .decode(column: "n", as: Int.self) == 2)
        // Deleting a user still takes their logs with their sessions.
        try await sql.raw("DELETE FROM users WHERE id = \(bind: owner.key)").run()
        #expect(try await sql.raw("SELECT COUNT(*) AS n FROM log_entries").first()?.decode(column: "n", as: Int.self) == 0)
        try await database.shutdown()
    }

    @Test("migration 11: a new log carries its number from the insert, a number out of step is refused, and a log without one is numbered as before")
    func numberGivenWithInsert() async throws {
        let database = try await Database.sqlite(in: FileManager.default.temporaryDirectory.appendingPathComponent("waterline-migrate-\(UUID().uuidString)"), logger: Logger(label: "test"))
        let sql = database.sql
        let repository = WaterlineRepository(database: database)
        try await repository.migrate()
        let owner = try await repository.findOrCreateUser(appleSub: "owner", now: Records.evening)
        let caller = Caller(userId: owner.id, token: nil)
        let session = Records.session(end: 60)
        _ = try await repository.upsertSession(session, for: caller)
        func lastNumber() async throws -> Int {
            try #require(try await sql.raw("SELECT change_seq FROM users WHERE id = \(bind: caller.key)").first()).decode(column: "change_seq", as: Int.self)
        }
        func seq(_ id: UUID) async throws -> Int {
            try #require(try await sql.raw("SELECT seq FROM log_entries WHERE id = \(bind: id.key)").first()).decode(column: "seq", as: Int.self)
        }
        let before = try await lastNumber()
        let log = Records.water(session: session.id, at: 5)
        #expect(await repository.insertNewLogs([(log, try repository.json(log))], for: caller) == 1)
        #expect(try await seq(log.id) == before + 1)
        #expect(try await lastNumber() == before + 1)

        func insert(_ id: UUID, seq: Int) async throws {
            try await sql.raw("""
                INSERT INTO log_entries (id, owner_id, session_id, timestamp, updated_at, body, seq)
                VALUES (\(bind: id.key), \(bind: caller.key), \(bind: session.id.key), 1, 1, '{}', \(bind: seq))
                """).run()
        }
        let unnumbered = UUID(), outOfStep = UUID(), inStep = UUID()
        try await insert(unnumbered, seq: 0)
        #expect(try await seq(unnumbered) == before + 2)
        await #expect(throws: (any Error).self) { try await insert(outOfStep, seq: before + 9) }
        #expect(try await sql.raw("SELECT 1 AS found FROM log_entries WHERE id = \(bind: outOfStep.key)").first() == nil)
        #expect(try await lastNumber() == before + 2, "the refused insert took no number")
        try await insert(inStep, seq: before + 3)
        #expect(try await seq(inStep) == before + 3)
        #expect(try await lastNumber() == before + 3)
        try await database.shutdown()
    }
}
