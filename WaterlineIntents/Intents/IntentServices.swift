import Foundation
import WaterlineData
import WaterlineKit
import WidgetKit

/// Where the intents find the session service. In the app's process (every LiveActivityIntent
/// runs there) the app registers its own at launch; in an extension's process one is built on
/// the shared App Group store, and the app re-plans reminders when it next becomes active.
@MainActor
enum IntentServices {
    private static var registered: (service: SessionService, effects: any SessionEffectHandler)?

    static func register(service: SessionService, effects: any SessionEffectHandler) {
        registered = (service, effects)
    }

    static func service() throws -> SessionService {
        try resolve().service
    }

    /// Runs a quick intent and carries out its effects; answers with the words to show.
    static func run(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        let (service, effects) = try resolve()
        let outcome = try await IntentRunner(service: service).run(intent, source: source)
        await effects.perform(outcome.effects)
        return outcome
    }

    private static func resolve() throws -> (service: SessionService, effects: any SessionEffectHandler) {
        if let registered { return registered }
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make())
        let built = (service: SessionService(store: store), effects: WidgetReloadEffects() as any SessionEffectHandler)
        registered = built
        return built
    }
}

/// Outside the app: refresh the widgets; notifications and the Live Activity follow when the app is next active.
struct WidgetReloadEffects: SessionEffectHandler {
    func perform(_ effects: [SessionEffect]) async {
        if effects.contains(.reloadWidgets) { WidgetCenter.shared.reloadAllTimelines() }
    }
}
