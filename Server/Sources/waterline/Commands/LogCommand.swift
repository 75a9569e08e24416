import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct LogCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Show a session's timeline (the active or newest one).")

    @OptionGroup var choice: SessionChoice
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run(on companion: Companion) async throws {
        let (update, settings) = try await choice.session(on: companion)
        if output.json { return try Output.json(update.logs) }
        guard !update.logs.isEmpty else {
            print("No logs yet in the session started \(Output.day(update.session.startTime)).")
            return
        }
        for step in WaterlineEngine(settings: settings).replay(update.logs) {
            let line = "\(Output.shortId(step.log.id))  \(Output.clock(step.log.timestamp))  \(LogDescription.title(for: step.log, units: settings.units))"
            print(line.padding(toLength: 52, withPad: " ", startingAt: 0) + "  → \(WaterlineFormat.signedValue(step.state.waterlineValue))")
        }
    }
}
