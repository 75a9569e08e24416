import SwiftUI
import WaterlineCore
import WaterlineScreens

/// The watch app: the screen model talks to the phone through `PhoneConnection`.
@main
struct WaterlineWatchApp: App {
    @State private var connection = PhoneConnection()

    init() {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
    }

    var body: some Scene {
        WindowGroup {
            WatchMainView(model: connection.model)
        }
    }
}
