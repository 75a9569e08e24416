import WaterlineCore
import WaterlineAPI

/// How many changes wait to be sent, and how many the backend refused (kept, marked).
public struct OutboxCounts: Hashable, Sendable {
    public var pending: Int
    public var failed: Int

    public init(pending: Int, failed: Int) {
        self.pending = pending
        self.failed = failed
    }
}
