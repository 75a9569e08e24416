import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Logs a drink: a preset when given, otherwise the quick drink (the first preset); Siri and
/// Shortcuts. The widget and Live Activity buttons use `LogButtonIntent`.
struct LogDrinkIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Drink"
    static let description = IntentDescription("Logs a drink in your Waterline session.")

    @Parameter(title: "Preset")
    var preset: PresetEntity?

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.logDrink(presetId: preset?.id), source: .phone)
        return .result(dialog: "\(outcome.dialog)")
    }
}
