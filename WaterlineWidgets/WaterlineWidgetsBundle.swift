import SwiftUI
import WidgetKit

/// Every widget and the Live Activity, one folder each.
@main
struct WaterlineWidgetsBundle: WidgetBundle {
    var body: some Widget {
        LockScreenWidget()
        HomeScreenWidget()
        WaterlineLiveActivity()
    }
}
