import WaterlineCore

/// Tells the widgets (Lock Screen, Home Screen, the Live Activity's extension) to redraw.
@MainActor
public protocol WidgetReloading: AnyObject {
    func reloadAll()
}
