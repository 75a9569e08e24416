import UIKit
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Builds the app's environment and runtime when the process launches, for any reason: a tap on
/// the icon, or, with no window, a notification action, a watch message, a Live Activity intent.
/// Should the store not open, the window says why and "Try Again" (or coming to the front) builds
/// it once more (`LaunchedEnvironment`, as the watch does).
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate {
    private let launch = LaunchedEnvironment<AppEnvironment>(build: { try AppEnvironment() }, connect: { $0.connect() })

    var environment: AppEnvironment? { launch.environment }
    var launchError: String? { launch.failure }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        // The kit speaks the language the app is shown in (notification copy, Siri's answers).
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        launch.connected()
        return true
    }

    /// The environment, built (and connected) now if an earlier try failed.
    @discardableResult
    func connectedEnvironment() -> AppEnvironment? {
        launch.connected()
    }
}
