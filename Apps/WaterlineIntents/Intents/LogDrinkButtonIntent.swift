import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "+ Beer" on a widget or the Live Activity: logs the quick drink (the first preset), in the
/// app's process, recording which surface was tapped. Not offered to Siri, Spotlight or
/// Shortcuts (`LogDrinkIntent` is).
struct LogDrinkButtonIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Drink"
    static let isDiscoverable = false

    @Parameter(title: "Surface")
    var surface: IntentSurface

    init() {
        surface = .widget
    }

    init(surface: IntentSurface) {
        self.surface = surface
    }

    // Not on the main actor itself: the runtime is reached by `await`, and nothing non-Sendable
    // is handed back across.
    func perform() async throws -> some IntentResult {
        _ = try await IntentServices.run(.logDrink(presetId: nil), source: surface.logSource)
        return .result()
    }
}
