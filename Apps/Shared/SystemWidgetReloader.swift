#if os(iOS) || os(watchOS)
import WaterlineRuntime
import WidgetKit

/// Reloads every Waterline widget's timeline.
@MainActor
public final class SystemWidgetReloader: WidgetReloading {
    public init() {}

    public func reloadAll() {
        WidgetCenter.shared.reloadAllTimelines()
    }
}
#endif
