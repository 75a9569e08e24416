import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// Every widget and the Live Activity, one folder each.
@main
struct WaterlineWidgetsBundle: WidgetBundle {
    init() {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
    }

    var body: some Widget {
        LockScreenWidget()
        HomeScreenWidget()
        WaterlineLiveActivity()
    }
}
