import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineScreens

/// The watch app: the kit's runtime on the watch's own store (`WatchEnvironment`), built at launch
/// by the delegate, so a notification's action works with no window; the screen model is the
/// runtime's one door. While the app is in front, a reminder that falls due shows on the screen
/// with a haptic when the watch may not post it (`foregroundTick`).
@main
struct WaterlineWatchApp: App {
    @WKApplicationDelegateAdaptor(WatchAppDelegate.self) private var delegate
    @Environment(\.scenePhase) private var scenePhase
    /// Bumped by "Try Again", so the window reads the delegate once more.
    @State private var attempts = 0

    init() {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
    }

    var body: some Scene {
        WindowGroup {
            if let environment = delegate.environment {
                WatchMainView(
                    model: environment.model, reminders: environment.runtime.inAppReminders,
                    logWater: { Task { await environment.runtime.handle(.bannerLogWater) } },
                    dismissReminder: { Task { await environment.runtime.handle(.bannerDismissed) } }
                )
                .task(id: scenePhase) {
                    while scenePhase == .active, !Task.isCancelled {
                        await environment.runtime.handle(.foregroundTick)
                        try? await Task.sleep(for: .seconds(10))
                    }
                }
            } else {
                // The store did not open: nothing is kept in memory only, where it would be lost.
                ScrollView {
                    VStack(spacing: Metrics.spacingXS) {
                        Text("Waterline could not open its data").font(.headline).multilineTextAlignment(.center)
                        Text(verbatim: delegate.launchError ?? "").font(.caption2).foregroundStyle(.secondary)
                        Button("Try Again") {
                            delegate.connectedEnvironment()
                            attempts += 1
                        }
                    }
                    .id(attempts)
                }
            }
        }
    }
}
