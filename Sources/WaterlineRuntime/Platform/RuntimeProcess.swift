import WaterlineCore

/// Which process a runtime runs in; an extension may not show Live Activities or talk to the
/// watch, and signals the app after it writes.
public enum RuntimeProcess: Hashable, Sendable {
    case app
    case appExtension
}
