import WaterlineCore
import WaterlineSync

/// For processes that do not sync (the extensions, the command line's commands): an extension's
/// writes wait in the shared store's outbox, and the app pushes them (on the cross-process
/// signal or at its next activation).
public struct NoSync: SyncRunner {
    public init() {}
    public func pull() async -> SyncReport { SyncReport(status: SyncStatus()) }
    public func push() async -> SyncReport { SyncReport(status: SyncStatus()) }
}
