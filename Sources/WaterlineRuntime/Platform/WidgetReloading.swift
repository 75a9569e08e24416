import WaterlineCore

/// Tells the widgets (Lock Screen, Home Screen; the watch's complications) to redraw.
@MainActor
public protocol WidgetReloading: AnyObject {
    /// Reloads every timeline, which will show `snapshot`: the phone's widgets read it again from
    /// the shared store; the watch's complication, which has no store, is handed it first.
    func reload(showing snapshot: WidgetSnapshot)
}
