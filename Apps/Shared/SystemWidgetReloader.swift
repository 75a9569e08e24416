#if os(iOS) || os(watchOS)
import WaterlineCore
import WaterlineRuntime
import WidgetKit

/// Reloads every Waterline widget's timeline; the widgets read the shared store themselves.
@MainActor
public final class SystemWidgetReloader: WidgetReloading {
    public init() {}

    public func reload(showing snapshot: WidgetSnapshot) {
        WidgetCenter.shared.reloadAllTimelines()
    }
}
#endif
