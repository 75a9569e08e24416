import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// The phone's end of the watch link, as the runtime uses it; the app wraps `WCSession`.
@MainActor
public protocol WatchTransport: AnyObject {
    /// Starts the link, at launch, so the watch's messages can arrive with no window open.
    func activate()
    /// A paired watch with the app installed is there to talk to.
    var isAvailable: Bool { get }
    /// The watch app is running and in reach now.
    var isReachable: Bool { get }
    /// Replaces the latest state the watch reads (only the newest matters).
    func updateContext(_ message: WatchMessage)
    /// Sends at once; false when it could not be delivered.
    func sendNow(_ message: WatchMessage) async -> Bool
    /// Queues for delivery when the watch is next in reach.
    func enqueue(_ message: WatchMessage)
}
