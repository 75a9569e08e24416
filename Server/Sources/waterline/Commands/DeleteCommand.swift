import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct DeleteCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a log; the Waterline is recomputed.")

    @Argument(help: "The log's id or its first characters (see `waterline log`).")
    var id: String

    @OptionGroup var global: GlobalOptions

    func run(on companion: Companion) async throws {
        let log = try await companion.log(matching: id)
        let result = try await companion.send(.deleteLog(id: log.id))
        print("Deleted \(LogDescription.title(for: log, units: result.state.settings.units)) from \(Output.clock(log.timestamp))")
        if let snapshot = result.session { print(Output.stateLine(snapshot)) }
    }
}
