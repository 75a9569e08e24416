import WaterlineCore
import WaterlineAPI

/// What merging a pulled page did.
public struct AppliedPage: Hashable, Sendable {
    /// Changes that could not be placed yet (logs whose session has not arrived); nothing of
    /// them was written.
    public var unplaced: [SyncPayload]
    /// How many local records a newer remote version replaced (0: the page changed nothing here).
    public var replaced: Int

    public init(unplaced: [SyncPayload] = [], replaced: Int = 0) {
        self.unplaced = unplaced
        self.replaced = replaced
    }
}
