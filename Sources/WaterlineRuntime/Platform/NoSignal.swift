import WaterlineCore

/// For a process no other process listens to (the command line: another `waterline` sees a
/// change by the store's own data version).
@MainActor
public final class NoSignal: CrossProcessSignal {
    public init() {}
    public func post() {}
}
