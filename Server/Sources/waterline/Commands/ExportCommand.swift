import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct ExportCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export a session's logs as CSV or JSON (the newest session by default).")

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    @Option(help: "csv or json.")
    var format: Format
    @OptionGroup var choice: SessionChoice
    @OptionGroup var global: GlobalOptions

    func run(on companion: Companion) async throws {
        let (update, settings) = try await choice.session(on: companion)
        switch format {
        case .csv:
            print(SessionExport.csv(logs: update.logs, settings: settings), terminator: "")
        case .json:
            try Output.json(SessionExport.Document(session: SessionReport(update, settings: settings, now: Companion.now()), logs: update.logs))
        }
    }
}
