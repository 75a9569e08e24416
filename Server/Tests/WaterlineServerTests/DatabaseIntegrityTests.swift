import Foundation
import Logging
import Testing
import WaterlineAPI
import WaterlineCore
@testable import WaterlineServer

/// A damaged SQLite file is refused when the server opens it, before anything is written.
@Suite("The server's database checked at open")
struct DatabaseIntegrityTests {
    @Test("one overwritten page: the server refuses to start, says how to recover, and leaves the file as it was")
    func damagedPage() async throws {
        let server = try await TestServer.start()
        let api = server.client(token: try await server.signIn().token)
        let night = Records.session(end: 300)
        _ = try await api.call(Sessions.Upsert.self, night)
        let logs = (0..<400).map { SyncPayload.logEntry(Records.water(session: night.id, at: Double($0) / 2)) }
        _ = try await api.call(Sync.Push.self, PushBatch(changes: logs))
        let page = try #require(try await server.database.sql.raw("SELECT rootpage FROM sqlite_master WHERE name = 'log_entries'").first()?
            .decode(column: "rootpage", as: Int.self))
        await server.stop()

        // The table's root page overwritten, as a bad sector or a stray write would.
        let file = server.dataDirectory.appendingPathComponent("waterline.sqlite")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: UInt64((page - 1) * 4096))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let damaged = try Data(contentsOf: file)

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        await #expect {
            _ = try await Database.open(ServerConfiguration(dataDirectory: server.dataDirectory), logger: logger)
        } throws: { error in
            let message = (error as? DamagedDatabase)?.description ?? ""
            return message.contains("is damaged") && message.contains("was not changed") && message.contains(".recover")
        }
        #expect(try Data(contentsOf: file) == damaged, "not a byte written")
        // The refusal let go of the directory's lock: a second try meets the damage again, not "in use".
        await #expect {
            _ = try await Database.open(ServerConfiguration(dataDirectory: server.dataDirectory), logger: logger)
        } throws: { error in
            error is DamagedDatabase
        }
    }
}
