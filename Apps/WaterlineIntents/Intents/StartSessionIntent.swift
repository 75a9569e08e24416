import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Starts a night out (or says one is already running).
struct StartSessionIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Start a Night Out"
    static let description = IntentDescription("Starts a Waterline session.")

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.startSession, source: .phone)
        return .result(dialog: "\(outcome.dialog)")
    }
}
