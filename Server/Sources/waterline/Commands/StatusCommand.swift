import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct StatusCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the Waterline of the active session.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// The status as JSON, with the engine's field names.
    struct Report: Encodable {
        var active: Bool
        var sessionId: UUID?
        var startTime: Date?
        var waterlineValue: Double
        var alcoholCountSinceLastWater: Int
        var totalAlcoholCount: Int
        var totalWaterCount: Int
        var totalStandardDrinks: Double
        var isWarning: Bool
        var drinksUntilWaterDue: Int
        var nextReminderAt: Date?
        var plannedDrinks: Int?
    }

    func run(on companion: Companion) async throws {
        let settings = try await companion.state().settings
        guard let update = try await companion.state().active else {
            if output.json {
                return try Output.json(Report(
                    active: false, waterlineValue: 0, alcoholCountSinceLastWater: 0, totalAlcoholCount: 0, totalWaterCount: 0,
                    totalStandardDrinks: 0, isWarning: false, drinksUntilWaterDue: settings.waterEveryNDrinks
                ))
            }
            print("No active session. Start one with `waterline start`.")
            return
        }
        let state = update.state
        if output.json {
            return try Output.json(Report(
                active: true, sessionId: update.session.id, startTime: update.session.startTime,
                waterlineValue: state.waterlineValue, alcoholCountSinceLastWater: state.alcoholCountSinceLastWater,
                totalAlcoholCount: state.totalAlcoholCount, totalWaterCount: state.totalWaterCount,
                totalStandardDrinks: state.totalStandardDrinks, isWarning: state.isWarning,
                drinksUntilWaterDue: update.drinksUntilWaterDue, nextReminderAt: update.reminders.nextReminderDate,
                plannedDrinks: update.session.plannedDrinks
            ))
        }
        print("Waterline \(WaterlineFormat.signedValue(state.waterlineValue)) (\(WaterlineFormat.position(state.waterlineValue)))")
        for line in Gauge.render(value: state.waterlineValue, threshold: settings.warningThreshold) { print(line) }
        print("Drinks \(state.totalAlcoholCount) (\(WaterlineFormat.value(state.totalStandardDrinks)) std) · Water \(state.totalWaterCount) · since \(Output.clock(update.session.startTime))")
        if let plan = PlanProgress(planned: update.session.plannedDrinks, had: state.totalStandardDrinks) { print(plan.text) }
        print(WaterlineFormat.waterDue(inDrinks: update.drinksUntilWaterDue))
        if let next = update.reminders.nextReminderDate {
            print("Next reminder: \(Output.clock(next))")
        } else {
            print(settings.timeRemindersEnabled ? "Next reminder: none (quiet for 90 minutes)" : "Time reminders are off")
        }
        if state.isWarning { print("Drink water to return to center") }
    }
}
