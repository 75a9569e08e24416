import ArgumentParser
import WaterlineCore

struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Plan the running night: I'm planning N drinks (standard drinks), or off."
    )

    @Argument(help: "1 to 30, or off for no plan.")
    var drinks: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let planned: Int?
        if drinks == "off" {
            planned = nil
        } else if let number = Int(drinks), Limits.plannedDrinks.wholeNumbers.contains(number) {
            planned = number
        } else {
            throw CLIError("a plan is 1 to 30 standard drinks, or off (got \(drinks.prefix(40)))")
        }
        let companion = try await Companion(global)
        let result = try await companion.send(.setPlan(drinks: planned))
        guard let night = result.state.active else { throw CLIError("no active session; start one with `waterline start`") }
        print(PlanProgress(planned: night.session.plannedDrinks, had: night.state.totalStandardDrinks)?.text ?? "No plan tonight")
    }
}
