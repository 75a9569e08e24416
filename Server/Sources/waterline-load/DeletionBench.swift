import Foundation
import Logging
import WaterlineAPI
import WaterlineCore
import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `waterline-load --delete-logs N`: how long deleting an account of N logs takes on SQLite, and
/// what it costs another account meanwhile (its logEntries:upsert latencies at rest, then while
/// the deletion runs), against an in-process server on a fresh database.
enum DeletionBench {
    static func run(logs: Int, logger: Logger) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-delete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        (configuration.userBurst, configuration.userPerSecond) = (1e12, 1e12)
        (configuration.accountWriteBurst, configuration.accountWritesPerSecond) = (1e12, 1e12)
        let database = try await Database.open(configuration, logger: logger)
        let context = try await makeServerContext(configuration: configuration, database: database)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(configuration: configuration, context: context, logger: logger) { continuation.yield($0) }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw BenchFailure("the server did not start") }
        let baseURL = URL(string: "http://127.0.0.1:\(port)")!
        func client(_ sub: String) async throws -> ConvexClient {
            let user = try await context.repository.findOrCreateUser(appleSub: sub, now: Date())
            let token = try await context.tokens.issue(for: user.id).token
            return ConvexClient(baseURL: baseURL, timeout: 120, token: { token })
        }

        // The account to delete: sessions of 1,000 logs, pushed 500 at a time.
        let leaving = try await client("leaving")
        let started = Date()
        var written = 0
        while written < logs {
            let session = SessionRecord(id: UUID(), startTime: started.addingTimeInterval(-Double(written)), endTime: started, isActive: false, updatedAt: started)
            var changes: [SyncPayload] = [.session(session)]
            for index in 0..<min(Limits.logsPerSession, logs - written) {
                changes.append(.logEntry(LogEntry.water(id: UUID(), sessionId: session.id, at: session.startTime.addingTimeInterval(Double(index)), amountOz: 8)))
                if changes.count == Limits.pushBatch {
                    _ = try await leaving.call(Sync.Push.self, PushBatch(changes: changes))
                    changes = []
                }
            }
            if !changes.isEmpty { _ = try await leaving.call(Sync.Push.self, PushBatch(changes: changes)) }
            written += min(Limits.logsPerSession, logs - written)
        }

        // Another account logging water all the while, one call after another.
        let staying = try await client("staying")
        var session = SessionRecord(id: UUID(), startTime: started, endTime: started, isActive: false, updatedAt: started)
        var logged = 0
        let clock = ContinuousClock()
        func logOnce() async throws -> Double {
            // A session holds 1,000 logs: a new one before that (not timed).
            if logged % 900 == 0 {
                session = SessionRecord(id: UUID(), startTime: started, endTime: started, isActive: false, updatedAt: started)
                _ = try await staying.call(Sessions.Upsert.self, session)
            }
            logged += 1
            let began = clock.now
            _ = try await staying.call(LogEntries.Upsert.self, LogEntry.water(id: UUID(), sessionId: session.id, at: started, amountOz: 8))
            let elapsed = clock.now - began
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        var atRest: [Double] = []
        for _ in 0..<400 { atRest.append(try await logOnce()) }

        let finished = Flag()
        let deleting = Task {
            let began = clock.now
            defer { finished.set() }
            let deleted = try await leaving.call(Users.DeleteAccount.self)
            return (deleted, clock.now - began)
        }
        var during: [Double] = []
        while !finished.isSet, during.count < 1_000_000 {
            during.append(try await logOnce())
        }
        let (deleted, took) = try await deleting.value
        print(String(format: "deleted an account of %d logs and %d sessions in %.2f s (steps of %d rows)", deleted.logEntries, deleted.sessions,
                     Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18, WaterlineRepository.deletionStep))
        print("another account's logEntries:upsert, one at a time:")
        print(summary("  at rest", atRest))
        print(summary("  while deleting", during))
        task.cancel()
        _ = try? await task.value
        try? await database.shutdown()
    }

    private static func summary(_ name: String, _ latencies: [Double]) -> String {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(format: "%@: %d calls, p50 %.2f ms, p99 %.2f ms, max %.2f ms", name, sorted.count, percentile(0.5), percentile(0.99), sorted.last ?? 0)
    }
}
