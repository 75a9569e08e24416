import WaterlineSQLite
import Foundation
import Logging
import NIOPosix
import SQLKit
import Testing
@testable import WaterlineServer

@Suite("SQLite: one thread, group commits, durable acknowledgements")
struct SQLiteGroupCommitTests {
    private func freshDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waterline-group-\(UUID().uuidString)")
    }

    private func open(_ directory: URL) async throws -> Database {
        try await Database.sqlite(in: directory, logger: Logger(label: "test"))
    }

    @Test("400 concurrent writes are all acknowledged, and all there after the database is reopened")
    func concurrentWritesSurviveReopen() async throws {
        let directory = freshDirectory()
        let database = try await open(directory)
        try await database.sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)").run()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<400 {
                group.addTask { try await database.sql.raw("INSERT INTO items (id, name) VALUES (\(bind: id), \(bind: "item \(id)"))").run() }
            }
            try await group.waitForAll()
        }
        try await database.shutdown()

        let reopened = try await open(directory)
        let count = try #require(try await reopened.sql.raw("SELECT COUNT(*) AS n, SUM(id) AS total FROM items").first())
        #expect(try count.decode(column: "n", as: Int.self) == 400)
        #expect(try count.decode(column: "total", as: Int.self) == (0..<400).reduce(0, +))
        try await reopened.shutdown()
    }

    /// A pull answered with a write the disk does not hold yet would hand a device a cursor past
    /// a change number that a power cut takes back and gives to another write later.
    @Test("a read that could see a committed write not yet on disk is answered only once it is")
    func readsWaitForTheDisk() async throws {
        let directory = freshDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let gate = SyncGate()
        let queue = try SQLiteGroupCommit(
            path: directory.appendingPathComponent("test.sqlite").path,
            setup: ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL"],
            sync: { descriptor in gate.pass(); return fsync(descriptor) }
        )
        let sql = GroupCommitDatabase(queue: queue, logger: Logger(label: "test"))
        try await sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY)").run()
        gate.close()
        let write = Task { try await sql.raw("INSERT INTO items (id) VALUES (1)").run() }
        // The write's commit is being synced (held at the gate): a read now sees it committed.
        while queue.awaitingDisk == 0 { await Task.yield() }
        let answered = ManagedFlag()
        let read = Task {
            let count = try await sql.raw("SELECT COUNT(*) AS n FROM items").first()?.decode(column: "n", as: Int.self)
            answered.set()
            return count
        }
        // Handed to the syncer behind the held sync (with the fix), or already answered (without).
        while queue.awaitingDisk < 2 && !answered.isSet { await Task.yield() }
        #expect(!answered.isSet, "not answered while the write it saw is not on disk")
        gate.open()
        #expect(try await read.value == 1)
        try await write.value
        await queue.stop()
    }

    @Test("a deferred batch: its statements answer as they run, its barrier once they are on disk; a run stops at the first statement that answers nothing")
    func deferredBatch() async throws {
        let directory = freshDirectory()
        let database = try await open(directory)
        let groups = try #require(database.sql as? GroupCommitDatabase)
        try await database.sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)").run()
        let batch = DeferredBatch()
        let stored = await DeferredBatch.$current.withValue(batch) {
            await groups.runWhileAnswered((1...5).map { id in
                // Each is new, so each answers its row and the run goes on.
                ("INSERT INTO items (id, name) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id", [.integer(id), .text("item \(id)")])
            })
        }
        #expect(stored.error == nil && stored.rows.count == 5)
        try await groups.barrier(batch)
        let taken = DeferredBatch()
        let again = await DeferredBatch.$current.withValue(taken) {
            await groups.runWhileAnswered([3, 6].map { id in
                ("INSERT INTO items (id, name) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id", [.integer(id), .text("again \(id)")])
            })
        }
        #expect(again.rows.isEmpty, "the first is taken, so the second never runs")
        try await groups.barrier(taken)
        try await database.shutdown()

        let reopened = try await open(directory)
        let ids = try await reopened.sql.raw("SELECT id FROM items ORDER BY id").all().map { try $0.decode(column: "id", as: Int.self) }
        #expect(ids == [1, 2, 3, 4, 5])
        try await reopened.shutdown()
    }

    @Test("a deferred batch whose group is lost at commit fails at its barrier, though each statement was answered")
    func deferredBatchLost() async throws {
        let database = try await open(freshDirectory())
        let groups = try #require(database.sql as? GroupCommitDatabase)
        try await database.sql.raw("CREATE TABLE parents (id INTEGER PRIMARY KEY)").run()
        // Checked at commit: the insert itself succeeds, the group's COMMIT fails.
        try await database.sql.raw("""
            CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)
            """).run()
        let batch = DeferredBatch()
        try await DeferredBatch.$current.withValue(batch) {
            try await database.sql.raw("INSERT INTO children (id, parent) VALUES (1, 99)").run()
        }
        await #expect(throws: (any Error).self) { try await groups.barrier(batch) }
        #expect(try await database.sql.raw("SELECT id FROM children").all().isEmpty, "the group was rolled back")
        try await database.shutdown()
    }

    @Test("answered on the connection's event loop (CallerLoop): rows, refusals, runs and barriers arrive as they do without one")
    func answersOnTheCallersLoop() async throws {
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let database = try await open(freshDirectory())
        let groups = try #require(database.sql as? GroupCommitDatabase)
        try await CallerLoop.$current.withValue(loops.next()) {
            try await database.sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)").run()
            try await database.sql.raw("INSERT INTO items (id, name) VALUES (1, 'one')").run()
            await #expect { try await database.sql.raw("INSERT INTO items (id, name) VALUES (2, 'one')").run() } throws: { isUniqueViolation($0) }
            let batch = DeferredBatch()
            let run = await DeferredBatch.$current.withValue(batch) {
                await groups.runWhileAnswered([2, 3].map { ("INSERT INTO items (id, name) VALUES (?, ?) RETURNING id", [.integer($0), .text("item \($0)")]) })
            }
            #expect(run.error == nil && run.rows.count == 2)
            try await groups.barrier(batch)
            let refused = await groups.runWhileAnswered([("INSERT INTO items (id, name) VALUES (4, 'one') RETURNING id", [])])
            #expect(refused.rows.isEmpty && refused.error.map(isUniqueViolation) == true)
            let ids = try await database.sql.raw("SELECT id FROM items ORDER BY id").all().map { try $0.decode(column: "id", as: Int.self) }
            #expect(ids == [1, 2, 3])
        }
        try await database.shutdown()
        try await loops.shutdownGracefully()
    }

    @Test("a statement that fails fails alone: the writes around it in the same group are kept")
    func failureStaysWithItsStatement() async throws {
        let directory = freshDirectory()
        let database = try await open(directory)
        try await database.sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)").run()
        try await database.sql.raw("INSERT INTO items (id, name) VALUES (0, 'taken')").run()
        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for id in 1...60 {
                // Every tenth write reuses the taken name and must be refused by the unique index.
                let name = id % 10 == 0 ? "taken" : "item \(id)"
                group.addTask {
                    do {
                        try await database.sql.raw("INSERT INTO items (id, name) VALUES (\(bind: id), \(bind: name))").run()
                        return (id, true)
                    } catch {
                        #expect(isUniqueViolation(error), "\(error)")
                        return (id, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.filter { !$0.value }.keys.sorted() == [10, 20, 30, 40, 50, 60])
        try await database.shutdown()

        let reopened = try await open(directory)
        let ids = try await reopened.sql.raw("SELECT id FROM items ORDER BY id").all().map { try $0.decode(column: "id", as: Int.self) }
        #expect(ids == [0] + (1...60).filter { $0 % 10 != 0 })
        try await reopened.shutdown()
    }

    @Test("a transaction the caller opens is its own: its writes stay together, and a rollback undoes them")
    func callerTransactions() async throws {
        let database = try await open(freshDirectory())
        let sql = database.sql
        try await sql.raw("CREATE TABLE items (id INTEGER PRIMARY KEY)").run()
        try await sql.raw("BEGIN IMMEDIATE").run()
        try await sql.raw("INSERT INTO items (id) VALUES (1)").run()
        try await sql.raw("ROLLBACK").run()
        try await sql.raw("BEGIN IMMEDIATE").run()
        try await sql.raw("INSERT INTO items (id) VALUES (2)").run()
        try await sql.raw("COMMIT").run()
        try await sql.raw("INSERT INTO items (id) VALUES (3)").run()
        let ids = try await sql.raw("SELECT id FROM items ORDER BY id").all().map { try $0.decode(column: "id", as: Int.self) }
        #expect(ids == [2, 3])
        #expect(SQLiteGroupCommit.isControl("  pragma foreign_keys = OFF"))
        #expect(!SQLiteGroupCommit.isControl("CREATE TRIGGER t AFTER INSERT ON items BEGIN SELECT 1; END"))
        #expect(SQLiteGroupCommit.endsTransaction(" commit") && !SQLiteGroupCommit.endsTransaction("ROLLBACK"))
        try await database.shutdown()
    }

    @Test("a second server on the same data directory is refused, and says why")
    func oneServerPerDirectory() async throws {
        let directory = freshDirectory()
        let first = try await open(directory)
        await #expect {
            _ = try await open(directory)
        } throws: { error in
            (error as? DataDirectoryInUse)?.description.contains("in use by another process") == true
        }
        try await first.shutdown()
        // Once the first has closed, the directory opens again.
        let again = try await open(directory)
        try await again.shutdown()
    }

    @Test("statements sent after shutdown fail plainly instead of waiting forever")
    func afterShutdown() async throws {
        let database = try await open(freshDirectory())
        try await database.shutdown()
        await #expect(throws: SQLiteFailure.self) {
            try await database.sql.raw("SELECT 1 AS one").run()
        }
    }
}

/// Holds the syncer's `fsync` while closed.
private final class SyncGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var closed = false

    func close() { condition.withLock { closed = true } }

    func open() {
        condition.withLock {
            closed = false
            condition.broadcast()
        }
    }

    func pass() {
        condition.lock()
        while closed { condition.wait() }
        condition.unlock()
    }
}

/// A flag set once, read from any thread.
private final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
