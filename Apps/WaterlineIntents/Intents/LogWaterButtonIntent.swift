import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "+ Water" on a widget or the Live Activity: runs in the app's process and records which
/// surface was tapped. Not offered to Siri, Spotlight or Shortcuts (`LogWaterIntent` is), so
/// the surface never shows as a parameter there.
struct LogWaterButtonIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Water"
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
        _ = try await IntentServices.run(.logWater, source: surface.logSource)
        return .result()
    }
}
