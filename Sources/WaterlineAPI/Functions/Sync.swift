import WaterlineCore

/// `sync:*`: every kind of record at once, for a device catching up in a few calls.
public enum Sync {
    /// Applies a batch of changes in order, each on its own: one refused change does not fail
    /// the batch. The answer has one outcome per change, in the same order.
    public struct Push: ConvexFunction {
        public typealias Args = PushBatch
        public typealias Value = PushResults
        public static let name = "sync:push"
        public static let kind = FunctionKind.mutation
    }

    /// Every change after a cursor (tombstones included), oldest first, a page at a time.
    public struct Pull: ConvexFunction {
        public typealias Args = PullRequest
        public typealias Value = PullPage
        public static let name = "sync:pull"
        public static let kind = FunctionKind.query
    }
}
