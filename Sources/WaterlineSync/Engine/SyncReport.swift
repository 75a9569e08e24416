import WaterlineCore

/// What one pull or push did: the status it left, and which local records the backend's
/// versions replaced (the screens showing them read again).
public struct SyncReport: Hashable, Sendable {
    public var status: SyncStatus
    public var changed: ChangedRecords

    public init(status: SyncStatus, changed: ChangedRecords = .none) {
        self.status = status
        self.changed = changed
    }
}
