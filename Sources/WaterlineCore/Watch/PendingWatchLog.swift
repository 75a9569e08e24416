import Foundation

/// A log made on the watch and sent, not yet seen in a snapshot from the phone.
public struct PendingWatchLog: Hashable, Sendable {
    public var request: WatchLogRequest
    public var type: LogType
    /// What it adds to the Waterline: the preset's estimate, or −1 for water.
    public var delta: Double

    public init(request: WatchLogRequest, type: LogType, delta: Double) {
        self.request = request
        self.type = type
        self.delta = delta
    }
}
