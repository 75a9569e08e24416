import ArgumentParser
import Foundation
import Logging
import WaterlineAPI
import WaterlineCore
import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives `logEntries:upsert` at several concurrency levels and compares it with the bare
/// `/health` endpoint of the same server.
@main
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterline-load",
        abstract: "Load-test logEntries:upsert against a bare endpoint of the same server (loopback only)."
    )

    @Option(help: "Requests per concurrency level and endpoint.")
    var requests = 2_000

    @Option(parsing: .upToNextOption, help: "Concurrent clients per level.")
    var concurrency: [Int] = [1, 16, 64]

    @Option(help: "A running server to drive instead of an in-process one (127.0.0.1 only).")
    var url: String?

    @Option(help: "Session token for --url (see `waterline-server token`).")
    var token: String?

    @Option(help: "Instead of a run: create this many accounts, each with a running session, in --data-dir, and write their tokens and session ids to --accounts-file (for scripts/bench-server).")
    var seedAccounts: Int?

    @Option(help: "With --seed-accounts: the server's data directory (it keeps the signing key).")
    var dataDir: String?

    @Option(help: "With --seed-accounts: where the `token sessionId` lines go.")
    var accountsFile: String?

    @Option(help: "Instead of a run: delete an account of this many logs while another account logs, and print how long it took and the other's latencies (SQLite, in-process).")
    var deleteLogs: Int?

    @Option(name: .customLong("database-url"), help: "With --seed-accounts: the server's PostgreSQL database (postgres://…) instead of SQLite in --data-dir, which still keeps the signing key.")
    var databaseURL: String?

    func validate() throws {
        guard (1...1_000_000).contains(requests) else { throw ValidationError("--requests must be 1 to 1000000") }
        guard !concurrency.isEmpty, concurrency.allSatisfy({ (1...512).contains($0) }) else {
            throw ValidationError("--concurrency takes numbers from 1 to 512")
        }
        if let url {
            guard let host = URL(string: url)?.host, ["127.0.0.1", "localhost", "::1"].contains(host) else {
                throw ValidationError("--url must point at this machine (127.0.0.1 or localhost)")
            }
            guard token != nil else { throw ValidationError("--url needs --token") }
        }
    }

    func run() async throws {
        if let deleteLogs {
            var logger = Logger(label: "waterline-load")
            logger.logLevel = .critical
            return try await DeletionBench.run(logs: deleteLogs, logger: logger)
        }
        if let seedAccounts {
            guard let dataDir, let accountsFile else { throw ValidationError("--seed-accounts needs --data-dir and --accounts-file") }
            return try await AccountSeeder.seed(
                count: seedAccounts, dataDirectory: URL(fileURLWithPath: dataDir), databaseURL: databaseURL, into: URL(fileURLWithPath: accountsFile)
            )
        }
        var logger = Logger(label: "waterline-load")
        // Cancelling the in-process server at the end logs an error that is only its shutdown.
        logger.logLevel = .critical
        let target: Target
        if let url, let token {
            target = Target(baseURL: URL(string: url)!, token: token, stop: {})
        } else {
            target = try await Target.inProcess(logger: logger)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = concurrency.max() ?? 64
        configuration.timeoutIntervalForRequest = 30
        let client = ConvexClient(baseURL: target.baseURL, timeout: 30, transport: URLSessionTransport(configuration: configuration), token: { target.token })
        // The bare endpoint's baseline, on a session of the same settings.
        let session = URLSession(configuration: configuration)
        // A session takes at most Limits.logsPerSession logs: the run spreads its logs over enough of them.
        let sessions = try await SessionPool.make(for: requests * concurrency.count, through: client)

        print("waterline-load: \(requests) requests per row, server \(target.baseURL.absoluteString)")
        print("endpoint            clients   req/s     p50 ms   p99 ms")
        for clients in concurrency {
            let upsert = try await measure(requests: requests, clients: clients) {
                let session = sessions.next()
                let log = LogEntry.water(id: UUID(), sessionId: session.id, at: session.startTime, amountOz: 8)
                _ = try await client.call(LogEntries.Upsert.self, log)
            }
            let health = target.baseURL.appendingPathComponent("health")
            let bare = try await measure(requests: requests, clients: clients) {
                let (_, response) = try await session.data(from: health)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ValidationError("health check failed") }
            }
            print(row("logEntries:upsert", clients, upsert))
            print(row("GET /health (bare)", clients, bare))
            print(String(format: "  ratio at %d clients: upsert runs at %.2f of the bare endpoint's throughput", clients, upsert.perSecond / bare.perSecond))
        }
        await target.stop()
    }

    struct Result {
        var perSecond: Double
        var p50: Double
        var p99: Double
    }

    /// Runs `requests` calls of `body` from `clients` concurrent workers; latencies in milliseconds.
    func measure(requests: Int, clients: Int, _ body: @escaping @Sendable () async throws -> Void) async throws -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for worker in 0..<clients {
                let share = requests / clients + (worker < requests % clients ? 1 : 0)
                group.addTask {
                    var mine: [Double] = []
                    mine.reserveCapacity(share)
                    for _ in 0..<share {
                        let began = clock.now
                        try await body()
                        let elapsed = clock.now - began
                        mine.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                    }
                    return mine
                }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }.sorted()
        }
        let total = clock.now - start
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return Result(perSecond: Double(latencies.count) / seconds, p50: percentile(0.5), p99: percentile(0.99))
    }

    func row(_ name: String, _ clients: Int, _ result: Result) -> String {
        name.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(format: "%7d %9.0f %9.2f %8.2f", clients, result.perSecond, result.p50, result.p99)
    }
}

/// The server under load and how to stop it.
struct Target: Sendable {
    let baseURL: URL
    let token: String
    let stop: @Sendable () async -> Void

    /// A server in this process on a free loopback port, with a fresh SQLite database.
    static func inProcess(logger: Logger) async throws -> Target {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-load-\(UUID().uuidString)")
        var configuration = ServerConfiguration(port: 0, dataDirectory: directory)
        // One account sends every request here: its rate limit is lifted so the run measures the
        // request path, not the limiter (which a real device never reaches).
        configuration.userBurst = 1e12
        configuration.userPerSecond = 1e12
        let database = try await Database.open(configuration, logger: logger)
        let context = try await makeServerContext(configuration: configuration, database: database)
        let user = try await context.repository.findOrCreateUser(appleSub: "load-test", now: Date())
        let token = try await context.tokens.issue(for: user.id).token
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(configuration: configuration, context: context, logger: logger) { continuation.yield($0) }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw ValidationError("the server did not start") }
        return Target(baseURL: URL(string: "http://127.0.0.1:\(port)")!, token: token) {
            task.cancel()
            _ = try? await task.value
            try? await database.shutdown()
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
