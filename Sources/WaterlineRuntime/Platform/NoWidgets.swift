import WaterlineCore

/// For a process with no widgets to reload (the command line).
@MainActor
public final class NoWidgets: WidgetReloading {
    public init() {}
    public func reload(showing snapshot: WidgetSnapshot) {}
}
