import ArgumentParser
import WaterlineCore

struct StartCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a night out.")

    @Option(parsing: .unconditional, help: "I'm planning this many drinks tonight (standard drinks, 1 to 30).")
    var plan: Int?

    @OptionGroup var global: GlobalOptions

    func check() throws {
        if let plan, !Limits.plannedDrinks.wholeNumbers.contains(plan) {
            throw CLIError("--plan takes 1 to 30 standard drinks (got \(plan))")
        }
    }

    func run(on companion: Companion) async throws {
        var result = try await companion.send(.startSession)
        guard result.changed, result.state.active != nil else {
            let since = result.state.active.map { " since \(Output.clock($0.session.startTime))" } ?? ""
            throw CLIError("a session is already active\(since); end it with `waterline end`")
        }
        if let plan { result = try await companion.send(.setPlan(drinks: plan)) }
        guard let update = result.state.active else { throw CLIError("the session ended meanwhile") }
        print("Session started at \(Output.clock(update.session.startTime))  [\(Output.shortId(update.session.id))]")
        if let plan = PlanProgress(planned: update.session.plannedDrinks, had: update.state.totalStandardDrinks) { print(plan.text) }
        if let next = update.reminders.nextReminderDate { print("Next reminder: \(Output.clock(next))") }
    }
}
