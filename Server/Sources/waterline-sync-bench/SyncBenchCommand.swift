import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// Measures sync against a running server (see `scripts/bench-sync`): draining a long offline
/// outbox, the cost of one local action with and without it, and a new device's pull.
@main
struct SyncBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterline-sync-bench",
        abstract: "Time a 10,000-change drain, a local action against a full outbox, and a new device's pull (loopback only)."
    )

    @Option(help: "The running waterline-server (127.0.0.1 only).")
    var url: String

    @Option(help: "Session token of the account the offline device drains into.")
    var drainToken: String

    @Option(help: "Session token of the account a new device pulls.")
    var pullToken: String

    @Option(help: "Where the devices' stores are written (a fresh directory).")
    var directory: String

    @Option(help: "Offline sessions to drain.") var sessions = 20
    @Option(help: "Entries per offline session.") var logs = 500
    @Option(help: "Sessions in the account the new device pulls.") var pullSessions = 200
    @Option(help: "Entries per session in that account.") var pullLogs = 30
    @Option(help: "Local actions timed for each side of the comparison.") var samples = 200
    @Option(help: "The server's process id, to report its CPU time per change (Linux).") var serverPid: Int32?

    func validate() throws {
        guard let host = URL(string: url)?.host, ["127.0.0.1", "localhost"].contains(host) else {
            throw ValidationError("--url must point at this machine")
        }
        guard (1...1_000).contains(logs), (1...1_000).contains(pullLogs) else { throw ValidationError("--logs and --pull-logs: 1 to 1000 (a session keeps at most 1000)") }
        guard (1...2_000).contains(sessions), (1...2_000).contains(pullSessions), (1...10_000).contains(samples) else {
            throw ValidationError("--sessions, --pull-sessions: 1 to 2000; --samples: 1 to 10000")
        }
    }

    func run() async throws {
        let server = URL(string: url)!
        let base = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

        // 1. A device that logged many sessions offline.
        let offline = try await BenchDevice.make(path: base.appendingPathComponent("offline.sqlite").path, server: server, token: drainToken)
        // Signed in (it has the account's running session) before it went offline.
        _ = try await offline.service.perform(.prepare(nil))
        guard await offline.engine.pull().status.phase == .synced else { throw ValidationError("the first pull failed") }
        try await offline.writeSessions(sessions: sessions, logs: logs, start: start)
        let waiting = try await offline.store.outboxCounts().pending
        let fullCost = try await Self.timeActions(offline.service, samples: samples)
        let queued = try await offline.store.outboxCounts().pending

        offline.transport.reset()
        let drainCPU = cpu()
        let drainStart = ContinuousClock.now
        let drained = await offline.engine.push().status
        let drainTime = ContinuousClock.now - drainStart
        let drainSpent = cpu().since(drainCPU)
        guard drained.phase == .synced, drained.pendingCount == 0, drained.failedCount == 0 else {
            throw ValidationError("the drain did not finish: \(drained)")
        }
        let drainRequests = offline.transport.count
        let emptyCost = try await Self.timeActions(offline.service, samples: samples)
        guard await offline.engine.push().status.phase == .synced else { throw ValidationError("the second drain failed") }

        // Nothing lost or doubled: a new device of the same account pulls exactly what was logged.
        let check = try await BenchDevice.make(path: base.appendingPathComponent("check.sqlite").path, server: server, token: drainToken)
        _ = try await check.service.perform(.prepare(nil))
        guard await check.engine.pull().status.phase == .synced else { throw ValidationError("the check pull failed") }
        var pulledLogs = 0
        for session in try await check.store.sessions(limit: nil) { pulledLogs += try await check.store.logs(sessionId: session.id).count }
        let expectedLogs = sessions * logs + 2 * samples
        // A store is closed before it goes (SQLite connections must be).
        await offline.store.close()
        await check.store.close()

        // 2. An account with many sessions, and a new device signing in to it.
        let writer = try await BenchDevice.make(path: base.appendingPathComponent("writer.sqlite").path, server: server, token: pullToken)
        _ = try await writer.service.perform(.prepare(nil))
        guard await writer.engine.pull().status.phase == .synced else { throw ValidationError("the writer's first pull failed") }
        try await writer.writeSessions(sessions: pullSessions, logs: pullLogs, start: start)
        guard await writer.engine.push().status.phase == .synced else { throw ValidationError("seeding the pulled account failed") }
        await writer.store.close()
        let fresh = try await BenchDevice.make(path: base.appendingPathComponent("fresh.sqlite").path, server: server, token: pullToken)
        _ = try await fresh.service.perform(.prepare(nil))
        let pullCPU = cpu()
        let pullStart = ContinuousClock.now
        let pulled = await fresh.engine.pull().status
        let pullTime = ContinuousClock.now - pullStart
        let pullSpent = cpu().since(pullCPU)
        guard pulled.phase == .synced else { throw ValidationError("the pull failed: \(pulled)") }
        let pullRequests = fresh.transport.count
        let freshSessions = try await fresh.store.sessions(limit: nil)
        var freshLogs = 0
        for session in freshSessions { freshLogs += try await fresh.store.logs(sessionId: session.id).count }
        fresh.transport.reset()
        _ = await fresh.engine.pull()
        let secondPullRequests = fresh.transport.count
        await fresh.store.close()

        print("waterline-sync-bench against \(url)")
        print("drain: \(waiting) changes waiting (\(sessions) sessions x \(logs) entries, settings, presets) + \(queued - waiting) timed actions")
        print(String(format: "  drained in %.2f s, %d requests; a new device then pulled %d of %d entries", Self.seconds(drainTime), drainRequests, pulledLogs, expectedLogs))
        print("  CPU per change: " + drainSpent.perUnit(waiting, unit: "change"))
        print(String(format: "local action (log a water): median %.0f us with %d changes pending, %.0f us with the outbox drained; ratio %.2f",
                     fullCost, queued, emptyCost, fullCost / emptyCost))
        print("pull: account of \(pullSessions) sessions x \(pullLogs) entries (+ the seeded running session)")
        print(String(format: "  new device: %d sessions, %d entries in %d requests, %.2f s; a second pull with nothing new: %d request(s)",
                     freshSessions.count, freshLogs, pullRequests, Self.seconds(pullTime), secondPullRequests))
        print("  CPU per record: " + pullSpent.perUnit(freshSessions.count + freshLogs, unit: "record"))
        guard pulledLogs == expectedLogs else { throw ValidationError("lost or doubled entries: \(pulledLogs) of \(expectedLogs)") }
    }

    /// Both sides' CPU time so far.
    struct Spent {
        var client: Double
        var server: Double?

        func since(_ earlier: Spent) -> Spent {
            Spent(client: client - earlier.client, server: server.flatMap { now in earlier.server.map { now - $0 } })
        }

        func perUnit(_ count: Int, unit: String) -> String {
            let client = String(format: "client %.1f us (%.2f s)", self.client / Double(count) * 1e6, self.client)
            guard let server else { return client + "; server not measured (pass --server-pid)" }
            return client + String(format: ", server %.1f us (%.2f s), per %@ of %d", server / Double(count) * 1e6, server, unit, count)
        }
    }

    func cpu() -> Spent {
        Spent(client: CPUTime.thisProcess(), server: serverPid.flatMap(CPUTime.process))
    }

    /// The median time of one water log through the service, in microseconds, in a
    /// session of its own (a session's cost grows with its entries, which would skew the comparison).
    static func timeActions(_ service: SessionService, samples: Int) async throws -> Double {
        if try await service.activeSession() != nil { _ = try await service.perform(.endSession()) }
        _ = try await service.perform(.startSession)
        var times: [Double] = []
        times.reserveCapacity(samples)
        for _ in 0..<samples {
            let began = ContinuousClock.now
            _ = try await service.perform(.logWater(source: .phone))
            times.append(seconds(ContinuousClock.now - began) * 1_000_000)
        }
        return times.sorted()[times.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
