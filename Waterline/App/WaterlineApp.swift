import SwiftUI
import WaterlineKit

/// The entry point: builds the live environment once and shows onboarding or home.
@main
struct WaterlineApp: App {
    @State private var environment: AppEnvironment?
    @State private var launchError: String?
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            Group {
                if let environment {
                    RootView()
                        .environment(environment)
                        .environment(environment.syncStatus)
                } else if let launchError {
                    ContentUnavailableView("Waterline could not open its data", systemImage: "exclamationmark.triangle", description: Text(launchError))
                } else {
                    ProgressView()
                }
            }
            .task {
                guard environment == nil else { return }
                do {
                    environment = try AppEnvironment()
                } catch {
                    launchError = error.localizedDescription
                }
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active, let environment { Task { await environment.becameActive() } }
            }
        }
    }
}

/// Onboarding until it is done, then Home; the in-app reminder banner on top.
struct RootView: View {
    @Environment(AppEnvironment.self) private var environment

    var body: some View {
        Group {
            if environment.isOnboarded {
                HomeView(model: environment.homeModel())
            } else {
                OnboardingView(model: environment.onboardingModel())
            }
        }
        .overlay(alignment: .top) {
            if let reminder = environment.inAppReminder {
                ReminderBanner(content: reminder) { environment.inAppReminder = nil }
                    .transition(.move(edge: .top).combined(with: .opacity))
            }
        }
        .animation(.default, value: environment.inAppReminder)
    }
}
