import WaterlineCore

/// What the store's commits changed since a place in its change feed: the records they named,
/// whoever wrote them (an action here, a pull's page, a paired device's push, an account link,
/// another process's transaction), and the feed's newest place, the version to ask from next.
public struct StoreChangeSet: Hashable, Sendable {
    public var version: Int
    public var records: ChangedRecords

    public init(version: Int, records: ChangedRecords) {
        self.version = version
        self.records = records
    }

    public var isEmpty: Bool { records.isEmpty }
}
