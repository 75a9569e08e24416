import WaterlineKit
import WidgetKit

/// Reloads every Waterline widget's timeline.
@MainActor
final class SystemWidgetReloader: WidgetReloading {
    func reloadAll() {
        WidgetCenter.shared.reloadAllTimelines()
    }
}
