import SwiftUI
import WaterlineCore
import WaterlineScreens

/// The watch app: the kit's runtime on the watch's own store (`WatchEnvironment`), built at launch
/// by the delegate, so a notification's action works with no window; the screen model is the
/// runtime's one door.
@main
struct WaterlineWatchApp: App {
    @WKApplicationDelegateAdaptor(WatchAppDelegate.self) private var delegate

    init() {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
    }

    var body: some Scene {
        WindowGroup {
            WatchMainView(model: WatchEnvironment.shared.model)
        }
    }
}
