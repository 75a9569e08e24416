import AppIntents
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem

/// "I'm planning four drinks tonight": the session's plan, said to Siri. Starts a session when none
/// runs (so, as a `LiveActivityIntent`, in the app's process, where its Live Activity can start).
struct PlanNightIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Plan Tonight"
    static let description = IntentDescription("Sets how many drinks you're planning tonight.")

    @Parameter(title: "Drinks", inclusiveRange: (1, 30), requestValueDialog: "How many drinks are you planning tonight?")
    var drinks: Int

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let outcome = try await IntentServices.run(.planSession(drinks: drinks), source: .phone)
        return .result(dialog: "\(outcome.dialog)")
    }
}
