import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct EndCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End the active session and show its summary.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// How recently another process must have ended the session for this command to count it as
    /// the one it meant (two `end`s at once, a tap on the phone as the command runs).
    static let endedElsewhereWithin: TimeInterval = 60

    func run(on companion: Companion) async throws {
        let update: SessionSnapshot
        let endedHere: Bool
        do {
            let result = try await companion.send(.endSession())
            guard let ended = result.session else { throw CLIError("no active session; start one with `waterline start`") }
            (update, endedHere) = (ended, true)
        } catch let refusal as CLIError {
            // None runs: when another process ended it a moment ago, that is the session this meant.
            guard let newest = try? await companion.session(matching: nil), !newest.session.isActive,
                  Companion.now().timeIntervalSince(newest.session.updatedAt) < Self.endedElsewhereWithin
            else { throw refusal }
            (update, endedHere) = (newest, false)
        }
        let settings = try await companion.state().settings
        let report = SessionReport(update, settings: settings, now: update.session.endTime ?? update.session.startTime)
        if output.json { return try Output.json(report) }
        print(endedHere ? "Session ended." : "The session was just ended elsewhere.")
        SummaryCommand.printSummary(report, settings: settings)
    }
}
