import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct WaterCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "water", abstract: "Log a glass of water.")

    @Option(parsing: .unconditional, help: "Ounces (default: your default glass).")
    var oz: Double?

    @OptionGroup var global: GlobalOptions

    func run(on companion: Companion) async throws {
        Output.logged(try await companion.send(.logWater(amountOz: oz, source: .phone)))
    }
}
