import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct UndoCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Remove the newest log if it is under 5 minutes old.")

    static let window: TimeInterval = 5 * 60

    @OptionGroup var global: GlobalOptions

    func run(on companion: Companion) async throws {
        let settings = try await companion.state().settings
        let (newest, after) = try await companion.undoNewestLog()
        print("Undid \(LogDescription.title(for: newest, units: settings.units))")
        if let snapshot = after.session { print(Output.stateLine(snapshot)) }
    }
}
