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
        let session = Records.session(end: 300)
        _ = try await api.call(Sessions.Upsert.self, session)
        let logs = (0..<400).map { SyncPayload.logEntry(Records.water(session: session.id, at: Double($0) / 2)) }
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

    @Test("a write-ahead log damaged mid-way (64 bytes of a frame): refused at start, naming what would be dropped; whole or torn only at its end, it opens with every acknowledged write")
    func damagedLog() async throws {
        let server = try await TestServer.start()
        let api = server.client(token: try await server.signIn().token)
        let session = Records.session(end: 300)
        _ = try await api.call(Sessions.Upsert.self, session)
        for batch in 0..<10 {
            let logs = (0..<40).map { SyncPayload.logEntry(Records.water(session: session.id, at: Double(batch * 40 + $0) / 2)) }
            _ = try await api.call(Sync.Push.self, PushBatch(changes: logs))
        }
        // The files as a kill now would leave them: every push acknowledged, so in the log on disk.
        let source = server.dataDirectory.appendingPathComponent("waterline.sqlite")
        func copy(_ change: (inout Data) -> Void) throws -> URL {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-wal-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("waterline.sqlite"))
            var wal = try Data(contentsOf: URL(fileURLWithPath: source.path + "-wal"))
            change(&wal)
            try wal.write(to: directory.appendingPathComponent("waterline.sqlite-wal"))
            return directory
        }
        let frameSize = 24 + 4096
        let whole = try copy { _ in }
        let frames = (try Data(contentsOf: whole.appendingPathComponent("waterline.sqlite-wal")).count - 32) / frameSize
        #expect(frames > 20, "the pushes are in the log (\(frames) frames)")
        let damaged = try copy { wal in
            let start = 32 + 5 * frameSize + 24 + 1_000
            wal.replaceSubrange(start..<(start + 64), with: Data(repeating: 0x5A, count: 64))
        }
        let torn = try copy { wal in
            let start = 32 + (frames - 1) * frameSize + 24 + 1_000
            wal.replaceSubrange(start..<(start + 64), with: Data(repeating: 0x5A, count: 64))
        }
        await server.stop()

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let before = try Data(contentsOf: damaged.appendingPathComponent("waterline.sqlite-wal"))
        await #expect {
            _ = try await Database.open(ServerConfiguration(dataDirectory: damaged), logger: logger)
        } throws: { error in
            let message = (error as? DamagedDatabase)?.description ?? ""
            return message.contains("frame 6 fails its checksum") && message.contains("committed transactions) would be dropped")
        }
        #expect(try Data(contentsOf: damaged.appendingPathComponent("waterline.sqlite-wal")) == before, "the log was not touched")
        // Whole: every log. Torn in its last frame, as a kill mid-write leaves a log (its last
        // transaction then never acknowledged): it opens, without that transaction.
        for (directory, expected) in [(whole, 400...400), (torn, 360...399)] {
            let database = try await Database.open(ServerConfiguration(dataDirectory: directory), logger: logger)
            let count = try await database.sql.raw("SELECT COUNT(*) AS n FROM log_entries").first()?.decode(column: "n", as: Int.self) ?? -1
            #expect(expected.contains(count), "\(count) logs")
            try await database.shutdown()
        }
    }

    @Test("an index that no longer matches its table (which quick_check cannot see, and which made a pull answer short): refused at start by the full check")
    func indexOutOfStep() async throws {
        let server = try await TestServer.start()
        let api = server.client(token: try await server.signIn().token)
        let sessions = (0..<40).map { Records.session(start: Double($0) * 10, end: Double($0) * 10 + 5, updated: Double($0)) }
        _ = try await api.call(Sync.Push.self, PushBatch(changes: sessions.map { .session($0) }))
        let index = try #require(try await server.database.sql.raw("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sessions' AND sql IS NOT NULL").first())
        let name = try index.decode(column: "name", as: String.self), definition = try index.decode(column: "sql", as: String.self)
        // The index's definition changed under it, so its entries no longer say what its table holds.
        let changed = definition.replacingOccurrences(of: "start_time", with: "updated_at")
        #expect(changed != definition, "the index \(name) ranges start_time: \(definition)")
        try await server.database.sql.raw("PRAGMA writable_schema = ON").run()
        try await server.database.sql.raw("UPDATE sqlite_master SET sql = \(bind: changed) WHERE name = \(bind: name)").run()
        try await server.database.sql.raw("PRAGMA writable_schema = OFF").run()
        await server.stop()

        var logger = Logger(label: "test")
        logger.logLevel = .critical
        await #expect {
            _ = try await Database.open(ServerConfiguration(dataDirectory: server.dataDirectory), logger: logger)
        } throws: { error in
            (error as? DamagedDatabase)?.check == "integrity_check"
        }
    }
}
