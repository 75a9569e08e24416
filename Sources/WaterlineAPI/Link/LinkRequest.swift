import Foundation

/// What the watch asks of its phone, which is its backend: the three calls its sync engine makes,
/// typed, over WatchConnectivity (`WatchMessage.request`). The phone answers each from its own
/// store (`WatchLinkServer`) with a `LinkAnswer`.
public enum LinkRequest: Codable, Hashable, Sendable {
    /// Whose records the phone holds (answered with `LinkAnswer.person`).
    case account
    /// Changes made on the watch, as `sync:push` takes them.
    case push(PushBatch)
    /// The phone's changes after the watch's cursor, as `sync:pull` answers them.
    case pull(PullRequest)
}
