import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// Ends the running session and says how it went.
struct EndSessionIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "End Session"
    static let description = IntentDescription("Ends your Waterline session.")

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.endSession, source: .phone)
        return .result(dialog: "\(outcome.dialog)")
    }
}
