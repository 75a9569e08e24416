import ArgumentParser
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct WaterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "water", abstract: "Log a glass of water.")

    @Option(parsing: .unconditional, help: "Ounces (default: your default glass).")
    var oz: Double?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        Output.logged(try await companion.send(.logWater(amountOz: oz, source: .phone)))
    }
}
