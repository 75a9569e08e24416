/// For extensions' processes: their writes wait in the shared store's outbox, and the app's
/// process pushes them (on the cross-process signal or at its next activation).
@MainActor
public final class NoSync: SyncTrigger {
    public init() {}
    public func syncSoon() {}
}
