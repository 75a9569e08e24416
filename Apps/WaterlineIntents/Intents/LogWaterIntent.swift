import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Logs a glass of water (the default amount) in the running session.
struct LogWaterIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Water"
    static let description = IntentDescription("Logs a glass of water in your Waterline session.")

    @Parameter(title: "Surface", default: .siri)
    var surface: IntentSurface

    init() {}

    init(surface: IntentSurface) {
        self.surface = surface
    }

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.logWater, source: surface.logSource)
        return .result(dialog: "\(outcome.dialog)")
    }
}
