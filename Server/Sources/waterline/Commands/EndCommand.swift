import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct EndCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End the active session and show its summary.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run(on companion: Companion) async throws {
        let result = try await companion.send(.endSession())
        let settings = result.state.settings
        guard let update = result.session else { throw CLIError("no active session; start one with `waterline start`") }
        let report = SessionReport(update, settings: settings, now: update.session.endTime ?? update.session.startTime)
        if output.json { return try Output.json(report) }
        print("Session ended.")
        SummaryCommand.printSummary(report, settings: settings)
    }
}
