import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Logs a glass of water (the default amount) in the running session: Siri and Shortcuts. The
/// widget and Live Activity buttons use `LogButtonIntent`, which records where the tap came from.
struct LogWaterIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log Water"
    static let description = IntentDescription("Logs a glass of water in your Waterline session.")

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.logWater, source: .phone)
        return .result(dialog: "\(outcome.dialog)")
    }
}
