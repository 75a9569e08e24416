import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "+ Beer" and "+ Water" on a widget or the Live Activity: runs in the app's process, logs the
/// quick drink (the first preset) or a glass of water, and records which surface was tapped. Not
/// offered to Siri, Spotlight or Shortcuts (`LogDrinkIntent` and `LogWaterIntent` are), so the
/// entry and the surface never show as parameters there.
struct LogButtonIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Drink or Water"
    static let isDiscoverable = false

    @Parameter(title: "Entry")
    var entry: IntentEntry

    @Parameter(title: "Surface")
    var surface: IntentSurface

    init() {
        entry = .water
        surface = .widget
    }

    init(_ entry: IntentEntry, on surface: IntentSurface) {
        self.entry = entry
        self.surface = surface
    }

    // Not on the main actor itself: the runtime is reached by `await`, and nothing non-Sendable
    // is handed back across.
    func perform() async throws -> some IntentResult {
        _ = try await IntentServices.run(entry.action, source: surface.logSource)
        return .result()
    }
}
