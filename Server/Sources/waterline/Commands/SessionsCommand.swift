import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct SessionsCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "sessions", abstract: "List past sessions, newest first.")

    @Option(help: "How many to show.")
    var limit = 10

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ArgumentParser.ValidationError("--limit must be 1 or more") }
    }

    func run(on companion: Companion) async throws {
        let settings = try await companion.state().settings
        var reports: [SessionReport] = []
        for session in try await companion.runtime.reader.sessions(limit: limit) {
            reports.append(SessionReport(try await companion.runtime.reader.session(id: session.id), settings: settings, now: Companion.now()))
        }
        if output.json { return try Output.json(reports) }
        guard !reports.isEmpty else { return print("No sessions yet. Start one with `waterline start`.") }
        for report in reports {
            let state = report.isActive ? "active" : WaterlineFormat.duration(report.summary.durationSeconds)
            print("\(Output.shortId(report.sessionId))  \(Output.day(report.startTime))  \(state.padding(toLength: 12, withPad: " ", startingAt: 0))  drinks \(report.summary.totalAlcoholCount)  water \(report.summary.totalWaterCount)")
        }
    }
}
