import Foundation
import Testing

/// Several `waterline` processes on one store at once, as the app, its extensions and the watch
/// share one on a phone: each action is one transaction across processes, so two starts make one
/// session and no log is lost.
@Suite("waterline: processes acting at once on one store")
struct ConcurrentProcessesTests {
    @Test("four starts at once make one session; eight logs at once all land in it")
    func startsAndLogs() async throws {
        let cli = CLI()
        try await cli.run("sessions")
        let starts = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for _ in 0..<4 { group.addTask { try await cli.run("start") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let started = starts.filter { $0.status == 0 && $0.stdout.contains("Session started") }
        #expect(started.count == 1, "one session, whoever came first: \(starts.map { "\($0.status) \($0.stdout) \($0.stderr)" })")
        #expect(starts.filter { $0.status != 0 }.allSatisfy { $0.stderr.contains("already active") }, "the others are told it runs")
        let sessions = try #require(try await cli.json("sessions", "--json") as? [[String: Any]])
        #expect(sessions.count == 1)

        let logs = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for index in 0..<8 { group.addTask { try await cli.run(index.isMultiple(of: 2) ? "water" : "drink") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(logs.allSatisfy { $0.status == 0 }, "\(logs.map(\.stderr))")
        let status = try #require(try await cli.json("status", "--json") as? [String: Any])
        #expect(status["totalAlcoholCount"] as? Int == 4 && status["totalWaterCount"] as? Int == 4, "no log lost")
    }

    @Test("two ends at once: one ends the session; the other says it was just ended elsewhere, shows the same summary and succeeds; the first end is kept")
    func twoEnds() async throws {
        let cli = CLI()
        #expect(try await cli.run("start").status == 0)
        _ = try await cli.run("drink")
        let ends = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for _ in 0..<2 { group.addTask { try await cli.run("end") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ends.allSatisfy { $0.status == 0 }, "\(ends.map { "\($0.status) \($0.stderr)" })")
        #expect(ends.filter { $0.stdout.contains("Session ended.") }.count == 1)
        #expect(ends.filter { $0.stdout.contains("The session was just ended elsewhere.") }.count == 1)
        #expect(ends.allSatisfy { $0.stdout.contains("Drinks") }, "each shows the session's summary: \(ends.map(\.stdout))")
        let sessions = try #require(try await cli.json("sessions", "--json") as? [[String: Any]])
        #expect(sessions.count == 1 && sessions.first?["isActive"] as? Bool == false)
    }
}
