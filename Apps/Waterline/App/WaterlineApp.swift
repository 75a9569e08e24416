import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The entry point. The environment is built by `AppDelegate` at launch, never by a view, so
/// background launches find everything wired; the window only shows it.
@main
struct WaterlineApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var delegate
    @Environment(\.scenePhase) private var scenePhase
    /// Bumped by "Try Again", so the window reads the delegate once more.
    @State private var attempts = 0

    var body: some Scene {
        WindowGroup {
            if let environment = delegate.environment {
                RootView()
                    .environment(environment)
                    .environment(environment.syncStatus)
                    .accountChoiceDialog(environment.account)
                    .onOpenURL { url in Task { await environment.runtime.handle(.openURL(url)) } }
                    .onChange(of: scenePhase, initial: true) { _, phase in
                        if phase == .active {
                            Task { await environment.runtime.handle(.becameActive) }
                        } else {
                            Task { await environment.runtime.handle(.resignedActive) }
                            if phase == .background { BackgroundSync.schedule() }
                        }
                    }
                    .task(id: scenePhase) {
                        // While the app is in front, reminders that fall due show as the banner.
                        while scenePhase == .active, !Task.isCancelled {
                            await environment.runtime.handle(.foregroundTick)
                            try? await Task.sleep(for: .seconds(10))
                        }
                    }
            } else {
                // The store did not open: nothing is kept in memory only, where it would be lost.
                ContentUnavailableView {
                    Label("Waterline could not open its data", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(verbatim: delegate.launchError ?? "")
                } actions: {
                    Button("Try Again") {
                        delegate.connectedEnvironment()
                        attempts += 1
                    }
                }
                .id(attempts)
                .onChange(of: scenePhase) { _, phase in
                    guard phase == .active else { return }
                    delegate.connectedEnvironment()
                    attempts += 1
                }
            }
        }
    }
}

/// Onboarding until it is done, then Home; the in-app reminder banner on top.
struct RootView: View {
    @Environment(AppEnvironment.self) private var environment

    var body: some View {
        let reminders = environment.runtime.inAppReminders
        Group {
            if environment.isOnboarded {
                HomeView(model: environment.homeModel())
            } else {
                OnboardingView(model: environment.onboardingModel())
            }
        }
        .overlay(alignment: .top) {
            if let reminder = reminders.banner {
                ReminderBanner(
                    content: reminder,
                    logWater: { Task { await environment.runtime.handle(.bannerLogWater) } },
                    dismiss: { Task { await environment.runtime.handle(.bannerDismissed) } }
                )
                .id(reminders.bannerNumber)
                .transition(.move(edge: .top).combined(with: .opacity))
            }
        }
        .animation(.default, value: reminders.banner)
    }
}
