import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Logs a drink: a preset when given, otherwise the first preset (with the starter presets,
/// one standard drink, 1.0).
struct LogDrinkIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Drink"
    static let description = IntentDescription("Logs a drink in your Waterline session.")

    @Parameter(title: "Preset")
    var preset: PresetEntity?

    @Parameter(title: "Surface", default: .siri)
    var surface: IntentSurface

    init() {}

    init(surface: IntentSurface) {
        self.surface = surface
    }

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.logDrink(presetId: preset?.id), source: surface.logSource)
        return .result(dialog: "\(outcome.dialog)")
    }
}
