import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Remove the newest log if it is under 5 minutes old.")

    static let window: TimeInterval = 5 * 60

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        let settings = try await companion.state().settings
        let (newest, after) = try await companion.undoNewestLog()
        print("Undid \(LogDescription.title(for: newest, units: settings.units))")
        if let night = after.session { print(Output.stateLine(night)) }
    }
}
