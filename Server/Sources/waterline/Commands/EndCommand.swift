import ArgumentParser
import WaterlineKit

struct EndCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End the active session and show its summary.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let companion = try await Companion(global)
        let settings = try await companion.service.settings()
        _ = try await companion.activeSession()
        let update = try await companion.service.endSession()
        let report = SessionReport(update, settings: settings, now: update.session.endTime ?? update.session.startTime)
        if output.json { return try Output.json(report) }
        print("Session ended.")
        SummaryCommand.printSummary(report, settings: settings)
    }
}
