import Foundation
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineSystem

/// Where the intents find the runtime. In the app's process (every `LiveActivityIntent` runs
/// there, from a widget or the Live Activity) the app registers its own at launch; in an
/// extension's process one is built on the shared App Group store with what an extension may
/// use, and it signals the app after each write.
@MainActor
enum IntentServices {
    private static var runtime: AppRuntime?

    static func register(_ runtime: AppRuntime) {
        self.runtime = runtime
    }

    static func current() async throws -> AppRuntime {
        if let runtime { return runtime }
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        let store = SwiftDataSessionStore(modelContainer: try WaterlineContainer.make())
        let built = AppRuntime(service: SessionService(store: store), platform: .extensionProcess())
        // Kept before the first suspension, so a second intent arriving meanwhile finds this one.
        runtime = built
        await built.handle(.launched)
        return built
    }

    /// The presets as the store holds them now (Siri's and Shortcuts' choices).
    static func presets() async throws -> [DrinkPreset] {
        try await current().reader.currentState().presets
    }

    /// The Focus filter changed (`WaterlineFocusFilter` saved it): this process shows every
    /// surface again as it asks; from an extension, the app is signalled to do the same (its
    /// Live Activity), as after a write.
    static func focusChanged() async throws {
        let registered = runtime != nil
        await current().handle(.focusChanged)
        if !registered { DarwinStoreSignal().post() }
    }

    /// Siri's answer to a question about the session; nothing is written.
    static func ask(_ question: IntentQuestion) async throws -> IntentAnswer {
        await current().handle(.question(question))
    }

    /// Runs a quick intent and carries out its effects; answers with the words to show.
    static func run(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        try await current().handle(.intent(intent, source: source))
    }
}
