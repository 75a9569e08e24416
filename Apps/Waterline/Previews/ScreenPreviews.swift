#if DEBUG
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The screens in their states, over an environment whose store is in memory. Sessions are made
/// through the environment's own runtime before the screen appears.
@MainActor
enum ScreenPreviews {
    static func environment(sessions: Int = 0, running: Bool = false, warning: Bool = false) async -> AppEnvironment? {
        guard let environment = try? AppEnvironment(inMemory: true) else { return nil }
        let runtime = environment.runtime
        _ = try? await runtime.send(.prepare(UserSettings(warningThreshold: 2)))
        for _ in 0..<sessions {
            _ = try? await runtime.send(.startSession)
            _ = try? await runtime.send(.logDrink(.quick, source: .phone))
            _ = try? await runtime.send(.logWater(source: .phone))
            _ = try? await runtime.send(.endSession())
        }
        if running {
            _ = try? await runtime.send(.startSession)
            for _ in 0..<(warning ? 3 : 1) { _ = try? await runtime.send(.logDrink(.quick, source: .phone)) }
        }
        return environment
    }
}

#Preview("Home, empty") {
    PreviewLoader { await ScreenPreviews.environment() } content: { environment in
        HomeView(model: environment.homeModel()).environment(environment).environment(environment.syncStatus)
    }
}

#Preview("Home, past sessions") {
    PreviewLoader { await ScreenPreviews.environment(sessions: 3) } content: { environment in
        HomeView(model: environment.homeModel()).environment(environment).environment(environment.syncStatus)
    }
}

#Preview("Active Session") {
    PreviewLoader { await ScreenPreviews.environment(running: true) } content: { environment in
        NavigationStack { ActiveSessionView(model: environment.activeSessionModel()) {} }
            .environment(environment).environment(environment.syncStatus)
    }
}

#Preview("Active Session, warning, largest text") {
    PreviewLoader { await ScreenPreviews.environment(running: true, warning: true) } content: { environment in
        NavigationStack { ActiveSessionView(model: environment.activeSessionModel()) {} }
            .environment(environment).environment(environment.syncStatus)
            .environment(\.dynamicTypeSize, .accessibility3)
    }
}

#Preview("Settings") {
    PreviewLoader { await ScreenPreviews.environment() } content: { environment in
        SettingsView(model: environment.settingsModel()).environment(environment).environment(environment.syncStatus)
    }
}

#Preview("Onboarding") {
    PreviewLoader { await ScreenPreviews.environment() } content: { environment in
        OnboardingView(model: environment.onboardingModel()).environment(environment).environment(environment.syncStatus)
    }
}
#endif
