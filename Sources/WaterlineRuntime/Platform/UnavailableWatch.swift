import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// For processes that do not talk to the watch (the extensions): the app pushes the watch's
/// snapshot when it next runs.
@MainActor
public final class UnavailableWatch: WatchTransport {
    public init() {}
    public func activate() {}
    public var isAvailable: Bool { false }
    public var isReachable: Bool { false }
    public func updateContext(_ message: WatchMessage) {}
    public func sendNow(_ message: WatchMessage) async -> Bool { false }
    public func enqueue(_ message: WatchMessage) {}
}
