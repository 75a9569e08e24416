import WaterlineCore
import WaterlineAPI

/// What merging a pulled page did.
public struct AppliedPage: Hashable, Sendable {
    /// Changes that could not be placed yet (logs whose session has not arrived); nothing of
    /// them was written.
    public var unplaced: [SyncPayload]
    /// The local records a newer remote version replaced (none: the page changed nothing here).
    public var replaced: ChangedRecords
    /// Versions the page held that no device may store (a setting out of range, a log with a
    /// negative size, a new record past the quotas): not kept, whatever the backend sent.
    public var refused: Int

    public init(unplaced: [SyncPayload] = [], replaced: ChangedRecords = .none, refused: Int = 0) {
        self.unplaced = unplaced
        self.replaced = replaced
        self.refused = refused
    }
}
