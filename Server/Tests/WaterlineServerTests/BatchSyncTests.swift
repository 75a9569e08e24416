import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// `sync:push` and `sync:pull` against a real server, on each storage.
@Suite("Batched push and cursor pull")
struct BatchSyncTests {
    /// Pulls every page after `cursor`, returning the changes, the final cursor and the number of calls.
    static func pullAll(_ client: ConvexClient, after cursor: Int? = nil, limit: Int? = nil) async throws -> (changes: [SyncPayload], cursor: Int, calls: Int) {
        var changes: [SyncPayload] = []
        var cursor = cursor
        var calls = 0
        while true {
            let page = try await client.call(Sync.Pull.self, PullRequest(cursor: cursor, limit: limit))
            calls += 1
            changes += page.changes
            cursor = page.cursor
            if !page.hasMore { return (changes, page.cursor, calls) }
        }
    }

    @Test("a batch with a refused change in the middle stores the others and says why for that one", arguments: StorageKind.available)
    func refusedInTheMiddle(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120)
        var tooBig = Records.drink(session: session.id, at: 10)
        tooBig.alcoholMeta?.sizeOz = 999
        let orphan = Records.drink(session: UUID(), at: 11)
        let good = Records.drink(session: session.id, at: 12)
        let batch: [SyncPayload] = [.session(session), .logEntry(tooBig), .logEntry(orphan), .logEntry(good), .preset(Records.preset())]

        let results = try await client.call(Sync.Push.self, PushBatch(changes: batch)).results
        #expect(results.map(\.ok) == [true, false, false, true, true])
        #expect(results[1].code == ErrorCode.invalidArgument.rawValue)
        #expect(results[1].message?.contains("sizeOz") == true)
        #expect(results[2].code == ErrorCode.notFound.rawValue)
        #expect(results[0].change == .session(session))
        #expect(results[3].change == .logEntry(good))
        // What was stored is what the per-record functions see.
        let logs = try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id))
        #expect(logs == [good])
        #expect(try await client.call(Presets.List.self).count == 1)
    }

    @Test("runs of new logs interleaved with edits, refusals and other records: every change answered in order, as alone", arguments: StorageKind.available)
    func runsOfLogs(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 600)
        var gone = Records.session(start: 700, end: 760, updated: 760)
        _ = try await client.call(Sessions.Upsert.self, gone)
        gone.deletedAt = Records.at(770)
        gone.updatedAt = Records.at(770)
        _ = try await client.call(Sessions.Upsert.self, gone)
        let kept = Records.drink(session: session.id, at: 1, updated: 50)
        var older = kept
        older.alcoholMeta?.standardDrinkEstimate = 3
        older.updatedAt = Records.at(40)
        var invalid = Records.water(session: session.id, at: 9)
        invalid.waterMeta?.amountOz = 0
        let fresh = (0..<140).map { Records.water(session: session.id, at: 10 + Double($0) / 10) }
        let batch: [SyncPayload] = [.session(session), .logEntry(kept)] + fresh[0..<70].map { .logEntry($0) }
            + [.logEntry(older), .logEntry(Records.water(session: gone.id, at: 701)), .logEntry(Records.water(session: gone.id, at: 702)), .logEntry(invalid)]
            + fresh[70...].map { .logEntry($0) } + [.preset(Records.preset()), .logEntry(Records.water(session: session.id, at: 30))]
        let results = try await client.call(Sync.Push.self, PushBatch(changes: batch)).results
        #expect(results.count == batch.count)
        let codes = results.map { $0.ok ? "ok" : ($0.code ?? "?") }
        #expect(codes == ["ok", "ok"] + Array(repeating: "ok", count: 70) + ["ok", "NOT_FOUND", "NOT_FOUND", "INVALID_ARGUMENT"]
            + Array(repeating: "ok", count: 70) + ["ok", "ok"])
        #expect(results[72].change == .logEntry(kept), "the older edit answers the version kept")
        for (offset, log) in fresh.enumerated() {
            let position = offset < 70 ? 2 + offset : 6 + offset
            #expect(results[position].change == .logEntry(log))
        }
        let stored = try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id))
        #expect(stored.count == 142)
        #expect(try await client.call(Sync.Push.self, PushBatch(changes: batch)).results == results, "sent again, answered the same")
    }

    @Test("a run of new logs: what goes in is a leading part of it, numbered in order, never past an id already stored",
          arguments: StorageKind.available)
    func runsAsOneByOne(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let repository = server.context.repository
        let caller = Caller(userId: try await client.call(Users.Me.self).id)
        let session = Records.session(end: 600), other = Records.session(start: 700, end: 760)
        for session in [session, other] { _ = try await client.call(Sessions.Upsert.self, session) }
        func seq(_ log: LogEntry) async throws -> Int? {
            try await repository.sql.raw("SELECT seq FROM log_entries WHERE owner_id = \(bind: caller.key) AND id = \(bind: log.id.key)").first()?
                .decode(column: "seq", as: Int.self)
        }
        /// Inserts `logs` as a run; checks that the answer is a leading part of them, all new
        /// before, all there after and numbered in order, and that nothing after it went in.
        func insert(_ logs: [LogEntry]) async throws -> Int {
            let before = try await logs.asyncMap(seq)
            let stored = await repository.insertNewLogs(try logs.map { ($0, try repository.json($0)) }, for: caller)
            let after = try await logs.asyncMap(seq)
            #expect(before[..<stored].allSatisfy { $0 == nil }, "only new logs are counted as stored")
            let numbers = after[..<stored].compactMap { $0 }
            #expect(numbers.count == stored && numbers == Array((numbers.first ?? 0)..<(numbers.first ?? 0) + stored), "numbered in order")
            #expect(Array(after[stored...]) == Array(before[stored...]), "nothing after the stored part went in")
            return stored
        }
        // 300 of one session, then 3 of another, then one more of the first: all in.
        let run = (0..<300).map { Records.water(session: session.id, at: Double($0) / 10) }
            + (0..<3).map { Records.water(session: other.id, at: 701 + Double($0)) } + [Records.water(session: session.id, at: 31)]
        #expect(try await insert(run) == run.count)
        // An id already stored, at the start, inside or at the end: the run stops at it, or before.
        let fresh = (0..<40).map { Records.water(session: session.id, at: 40 + Double($0) / 10) }
        #expect(try await insert([run[5]] + fresh[0..<10]) == 0)
        #expect(try await insert(Array(fresh[0..<6]) + [run[7]] + fresh[6..<20]) <= 6)
        #expect(try await insert(Array(fresh[20..<29]) + [run[9]]) <= 9)
        // Sent again one at a time, what did not go in goes in, and the stored ones are refused as new.
        for log in fresh[0..<29] where try await seq(log) == nil { #expect(try await insert([log]) == 1) }
        #expect(try await insert([run[0]]) == 0)
        #expect(try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).count == 301 + 29)
    }

    @Test("a batch answers each change with the version kept, which may be newer than the one sent", arguments: StorageKind.available)
    func keptVersion(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120, updated: 60)
        _ = try await client.call(Sessions.Upsert.self, session)
        let older = Records.session(session.id, end: 90, updated: 30)
        let results = try await client.call(Sync.Push.self, PushBatch(changes: [.session(older)])).results
        #expect(results == [.stored(.session(session))])
    }

    @Test("a batch over the limit, a bad page size and a negative cursor are refused plainly", arguments: StorageKind.available)
    func badArguments(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120)
        let tooMany = [SyncPayload.session(session)] + (0..<Limits.pushBatch).map { .logEntry(Records.drink(session: session.id, at: Double($0) / 10)) }
        #expect(await client.failureCode(Sync.Push.self, PushBatch(changes: tooMany)) == .invalidArgument)
        #expect(await client.failureCode(Sync.Pull.self, PullRequest(limit: 0)) == .invalidArgument)
        #expect(await client.failureCode(Sync.Pull.self, PullRequest(limit: Limits.pullPage + 1)) == .invalidArgument)
        #expect(await client.failureCode(Sync.Pull.self, PullRequest(cursor: -1)) == .invalidArgument)
        // Nothing of the refused batch was stored.
        #expect(try await client.call(Sync.Pull.self, PullRequest()).changes.isEmpty)
        #expect(await server.client().failureCode(Sync.Pull.self, PullRequest()) == .unauthenticated)
    }

    @Test("pull pages through everything in order, and a pull with nothing new is empty", arguments: StorageKind.available)
    func paging(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120)
        let logs = (0..<7).map { Records.drink(session: session.id, at: Double($0)) }
        let settings = UserSettings(waterEveryNDrinks: 3, updatedAt: Records.at(5))
        let batch: [SyncPayload] = [.session(session)] + logs.map { .logEntry($0) } + [.preset(Records.preset()), .settings(settings)]
        _ = try await client.call(Sync.Push.self, PushBatch(changes: batch))

        let pulled = try await Self.pullAll(client, limit: 3)
        #expect(pulled.calls == 4)
        #expect(pulled.changes == batch)
        let again = try await client.call(Sync.Pull.self, PullRequest(cursor: pulled.cursor))
        #expect(again == PullPage(changes: [], cursor: pulled.cursor, hasMore: false))
    }

    @Test("a delete between pages arrives as a tombstone in a later page", arguments: StorageKind.available)
    func deleteBetweenPages(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120)
        let logs = (0..<6).map { Records.drink(session: session.id, at: Double($0)) }
        _ = try await client.call(Sync.Push.self, PushBatch(changes: [.session(session)] + logs.map { .logEntry($0) }))

        let first = try await client.call(Sync.Pull.self, PullRequest(limit: 3))
        #expect(first.changes == [.session(session), .logEntry(logs[0]), .logEntry(logs[1])])
        // Another device deletes a log this one already has, and one it has not seen yet.
        let gone = try await client.call(LogEntries.Delete.self, Tombstone(id: logs[1].id, deletedAt: Records.at(200)))
        let alsoGone = try await client.call(LogEntries.Delete.self, Tombstone(id: logs[4].id, deletedAt: Records.at(201)))
        let rest = try await Self.pullAll(client, after: first.cursor, limit: 3)
        #expect(rest.changes == [.logEntry(logs[2]), .logEntry(logs[3]), .logEntry(logs[5]), .logEntry(gone), .logEntry(alsoGone)])
    }

    @Test("the cursor still holds after the server restarts", arguments: StorageKind.available)
    func cursorAfterRestart(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let signedIn = try await server.signIn()
        let session = Records.session(end: 120)
        _ = try await server.client(token: signedIn.token).call(Sync.Push.self, PushBatch(changes: [.session(session)]))
        let cursor = try await Self.pullAll(server.client(token: signedIn.token)).cursor
        await server.stop()

        let restarted = try await TestServer.start(storage, dataDirectory: server.dataDirectory)
        defer { Task { await restarted.stop() } }
        let client = restarted.client(token: signedIn.token)
        #expect(try await client.call(Sync.Pull.self, PullRequest(cursor: cursor)).changes.isEmpty)
        let late = Records.drink(session: session.id, at: 30)
        _ = try await client.call(LogEntries.Upsert.self, late)
        let page = try await client.call(Sync.Pull.self, PullRequest(cursor: cursor))
        #expect(page.changes == [.logEntry(late)])
        #expect(page.cursor > cursor)
    }

    @Test("sending the same batch twice changes nothing a pull sees", arguments: StorageKind.available)
    func idempotent(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        let session = Records.session(end: 120)
        let batch: [SyncPayload] = [.session(session), .logEntry(Records.drink(session: session.id, at: 1)), .logEntry(Records.water(session: session.id, at: 2))]
        let first = try await client.call(Sync.Push.self, PushBatch(changes: batch))
        let cursor = try await Self.pullAll(client).cursor
        let second = try await client.call(Sync.Push.self, PushBatch(changes: batch))
        #expect(second == first)
        #expect(try await client.call(Sync.Pull.self, PullRequest(cursor: cursor)).changes.isEmpty)
        #expect(try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).count == 2)
    }

    @Test("one account never pulls another's changes, and the same ids pushed by another account are that account's own", arguments: StorageKind.available)
    func accountsApart(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        let alice = server.client(token: try await server.signIn().token)
        let bob = server.client(token: try await server.signIn().token)
        let session = Records.session(end: 120)
        let drink = Records.drink(session: session.id, at: 1)
        _ = try await alice.call(Sync.Push.self, PushBatch(changes: [.session(session), .logEntry(drink)]))
        #expect(try await Self.pullAll(bob).changes.isEmpty)

        // A device that held Alice's session now sends it to Bob (AccountChoice.keepThisDevicesData).
        var edited = drink
        edited.alcoholMeta?.standardDrinkEstimate = 2
        edited.updatedAt = Records.at(90)
        let results = try await bob.call(Sync.Push.self, PushBatch(changes: [.session(session), .logEntry(edited)])).results
        #expect(results.allSatisfy { $0.ok })
        #expect(try await Self.pullAll(bob).changes == [.session(session), .logEntry(edited)])
        #expect(try await Self.pullAll(alice).changes == [.session(session), .logEntry(drink)], "Alice's copy is untouched")
    }

    @Test("a tombstone for an entry a device never pushed is taken even after its session was deleted", arguments: StorageKind.available)
    func tombstoneIntoDeletedSession(storage: StorageKind) async throws {
        let (server, client) = try await TestServer.withSignedInClient(storage)
        defer { Task { await server.stop() } }
        var session = Records.session(end: 120)
        _ = try await client.call(Sessions.Upsert.self, session)
        session.deletedAt = Records.at(300)
        session.updatedAt = Records.at(300)
        var deletedDrink = Records.drink(session: session.id, at: 5)
        deletedDrink.deletedAt = Records.at(299)
        let liveDrink = Records.drink(session: session.id, at: 6)
        let results = try await client.call(Sync.Push.self, PushBatch(changes: [.session(session), .logEntry(deletedDrink), .logEntry(liveDrink)])).results
        #expect(results.map(\.ok) == [true, true, false])
        #expect(results[2].code == ErrorCode.notFound.rawValue)
    }
}
