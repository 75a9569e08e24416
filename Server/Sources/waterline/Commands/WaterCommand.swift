import ArgumentParser
import WaterlineKit

struct WaterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "water", abstract: "Log a glass of water.")

    @Option(parsing: .unconditional, help: "Ounces (default: your default glass).")
    var oz: Double?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let companion = try await Companion(global)
        let settings = try await companion.service.settings()
        do {
            Output.logged(try await companion.service.logWater(amountOz: oz, source: .phone), units: settings.units)
        } catch SessionServiceError.noActiveSession {
            throw CLIError("no active session; start one with `waterline start`")
        } catch let SessionServiceError.invalid(error) {
            throw CLIError(error.description)
        }
    }
}
