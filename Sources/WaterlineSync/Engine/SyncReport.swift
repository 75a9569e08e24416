import WaterlineCore

/// What one pull or push did: the status it left. Which records it wrote is not the report's to
/// say: every write takes its place in the store's change feed (`SessionStore.changes(after:)`),
/// where the runtime reads it as it reads every other writer's.
public struct SyncReport: Hashable, Sendable {
    public var status: SyncStatus

    public init(status: SyncStatus) {
        self.status = status
    }
}
