import ArgumentParser
import WaterlineCore

struct PlanCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Plan the running session: I'm planning N drinks (standard drinks), or off."
    )

    @Argument(help: "1 to 30, or off for no plan.")
    var drinks: String

    @OptionGroup var global: GlobalOptions

    /// The plan asked for: nil for off.
    private func planned() throws -> Int? {
        if drinks == "off" { return nil }
        guard let number = Int(drinks), Limits.plannedDrinks.wholeNumbers.contains(number) else {
            throw CLIError("a plan is 1 to 30 standard drinks, or off (got \(drinks.prefix(40)))")
        }
        return number
    }

    func check() throws {
        _ = try planned()
    }

    func run(on companion: Companion) async throws {
        let result = try await companion.send(.setPlan(drinks: try planned()))
        guard let snapshot = result.state.active else { throw CLIError("no active session; start one with `waterline start`") }
        print(PlanProgress(planned: snapshot.session.plannedDrinks, had: snapshot.state.totalStandardDrinks)?.text ?? "No plan tonight")
    }
}
