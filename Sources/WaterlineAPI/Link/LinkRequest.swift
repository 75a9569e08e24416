import Foundation

/// What the watch asks of its phone, which is its backend: the three calls its sync engine makes,
/// typed, over WatchConnectivity (`WatchMessage.request`), and one word about the phone's
/// deliveries. The phone answers each from its own store (`WatchLinkServer`) with a `LinkAnswer`;
/// a request transferred rather than messaged has no one waiting for the answer.
public enum LinkRequest: Codable, Hashable, Sendable {
    /// Whose records the phone holds (answered with `LinkAnswer.person`).
    case account
    /// Changes made on the watch, as `sync:push` takes them.
    case push(PushBatch)
    /// The phone's changes after the watch's cursor, as `sync:pull` answers them.
    case pull(PullRequest)
    /// The watch holds the phone's changes only up to this place (a delivery came after a gap, or
    /// its records began again): the phone delivers again from here.
    case resend(after: Int)
}
