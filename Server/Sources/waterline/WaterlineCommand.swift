import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// `waterline`: a night out in the terminal, on the same WaterlineKit logic as the app.
struct Waterline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterline",
        abstract: "Pace a night out: log drinks and water, watch the Waterline, get water reminders.",
        discussion: "Data lives in one SQLite file in --home (default $WATERLINE_HOME, else ~/.waterline).",
        subcommands: [
            SettingsCommand.self, StartCommand.self, PlanCommand.self, DrinkCommand.self, WaterCommand.self, StatusCommand.self,
            LogCommand.self, EditCommand.self, DeleteCommand.self, UndoCommand.self, EndCommand.self,
            SummaryCommand.self, SessionsCommand.self, PresetsCommand.self, ExportCommand.self,
            LoginCommand.self, SyncCommand.self, RemindCommand.self, ScreenCommand.self,
        ],
        defaultSubcommand: ScreenCommand.self
    )
}

@main
enum Main {
    /// Runs the command; any refusal is one line on stderr and a non-zero exit.
    static func main() async {
        // Everything written under the home (the store, its journal, the credentials, exports'
        // temporary files) is the person's alone.
        umask(0o077)
        do {
            var command = try Waterline.parseAsRoot(GlobalArguments.normalized(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            await OpenStores.closeAll()
        } catch {
            await OpenStores.closeAll()
            report(error)
        }
    }

    /// A refusal: one line on stderr and a non-zero exit; help and `--version` as ArgumentParser prints them.
    static func report(_ error: any Error) -> Never {
        switch error {
        case let error as CLIError: fail(error.description, code: 1)
        case let error as StoreDamage: fail(error.description, code: 1)
        case let error as ExitCode: exit(error.rawValue)
        case let error as SessionServiceError: fail(error.description, code: 1)
        case let error as WaterlineCore.ValidationError: fail(error.description, code: 1)
        default:
            let code = Waterline.exitCode(for: error)
            if code == .success { Waterline.exit(withError: error) }
            let message = Waterline.message(for: error)
            fail(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message, code: code.rawValue)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        let line = message.split(separator: "\n").first.map(String.init) ?? message
        FileHandle.standardError.write(Data("waterline: \(line)\n".utf8))
        exit(code)
    }
}
