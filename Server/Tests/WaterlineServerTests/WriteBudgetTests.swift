import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One account cannot write faster than its budget of records, however it batches its calls:
/// the disk grows at a rate the operator chose, and a refused batch is written not at all.
@Suite("Per-account write budget")
struct WriteBudgetTests {
    func server(_ storage: StorageKind, _ clock: ManualClock) async throws -> TestServer {
        try await TestServer.start(storage, now: { clock.now }, adjust: { configuration in
            (configuration.accountWriteBurst, configuration.accountWritesPerSecond) = (600, 1)
        })
    }

    /// `count` new logs of a new, ended session, pushed as one batch (the session first).
    func sessionPush(logs count: Int) -> (session: UUID, batch: [SyncPayload]) {
        let sessionId = UUID()
        let logs = (0..<count).map { SyncPayload.logEntry(Records.water(session: sessionId, at: Double($0) / 10)) }
        return (sessionId, [.session(Records.session(sessionId, end: 300))] + logs)
    }

    @Test("pushes and single writes share the budget; a batch over it is refused whole with Retry-After", arguments: StorageKind.available)
    func budget(_ storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await server(storage, clock)
        let token = try await server.signIn().token
        let client = server.client(token: token)

        let first = sessionPush(logs: 499)
        #expect(try await client.call(Sync.Push.self, PushBatch(changes: first.batch)).results.allSatisfy(\.ok))
        // 100 records left: a batch of 101 is refused before any of it is written.
        let second = sessionPush(logs: 100)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/mutation"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(try WireJSON.encode(FunctionCall(path: Sync.Push.name, args: PushBatch(changes: second.batch))))
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 429)
        #expect(http.value(forHTTPHeaderField: "Retry-After") == "1")
        #expect(String(decoding: body, as: UTF8.self).contains(#""code":"RATE_LIMITED""#))
        #expect(try await client.call(Sessions.List.self, .init()).map(\.id) == [first.session], "nothing of the refused batch was written")

        // Single writes take from the same budget: 100 go, the 101st waits.
        for minute in 0..<100 {
            _ = try await client.call(LogEntries.Upsert.self, Records.water(session: first.session, at: 60 + Double(minute)))
        }
        #expect(await client.failureCode(LogEntries.Upsert.self, Records.water(session: first.session, at: 200)) == .rateLimited)

        // Another account is not touched; the first gets its batch in once the budget refills.
        let other = server.client(token: try await server.signIn().token)
        #expect(try await other.call(Sync.Push.self, PushBatch(changes: sessionPush(logs: 10).batch)).results.allSatisfy(\.ok))
        clock.advance(seconds: 101)
        #expect(try await client.call(Sync.Push.self, PushBatch(changes: second.batch)).results.allSatisfy(\.ok))
        await server.stop()
    }

    @Test("the largest push always fits: the burst is never set below Limits.pushBatch")
    func burstHoldsTheLargestPush() {
        let configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"), accountWriteBurst: 10)
        #expect(configuration.accountWriteBurst == Double(Limits.pushBatch))
        #expect(ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent")).accountWriteBurst >= 20 * Double(Limits.pushBatch))
    }
}
