import WaterlineCore

/// The arguments of `sync:pull`: the cursor of the last page applied (none for everything), and
/// how many changes to return at most (`Limits.pullPage` when nil).
public struct PullRequest: Codable, Hashable, Sendable {
    public var cursor: Int?
    public var limit: Int?

    public init(cursor: Int? = nil, limit: Int? = nil) {
        self.cursor = cursor
        self.limit = limit
    }
}
