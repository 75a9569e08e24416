import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// What one pull or push did: the status it left, and how many local records the backend's
/// versions replaced (more than none: every surface must show the store again).
public struct SyncReport: Hashable, Sendable {
    public var status: SyncStatus
    public var replacedRecords: Int

    public init(status: SyncStatus, replacedRecords: Int = 0) {
        self.status = status
        self.replacedRecords = replacedRecords
    }
}
