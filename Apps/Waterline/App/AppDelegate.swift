import UIKit
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Builds the app's environment and runtime when the process launches, for any reason: a tap on
/// the icon, or, with no window, a notification action, a watch message, a Live Activity intent.
@MainActor
final class AppDelegate: NSObject, UIApplicationDelegate {
    private(set) var environment: AppEnvironment?
    private(set) var launchError: String?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        // The kit speaks the language the app is shown in (notification copy, Siri's answers).
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        do {
            let environment = try AppEnvironment()
            environment.connect()
            self.environment = environment
        } catch {
            launchError = error.localizedDescription
        }
        return true
    }
}
