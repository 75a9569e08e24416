import Foundation

/// A log made on the watch. Its id is the log's id, so a message delivered twice logs once.
public struct WatchLogRequest: Codable, Hashable, Sendable {
    public var id: UUID
    public var timestamp: Date
    /// The preset tapped for a drink; nil logs the quick default.
    public var presetId: UUID?
    /// The water amount; nil uses the person's default.
    public var amountOz: Double?
    /// The session the watch logged it in, so a message that arrives after the session ended
    /// still lands in the right night.
    public var sessionId: UUID?

    public init(id: UUID, timestamp: Date, presetId: UUID? = nil, amountOz: Double? = nil, sessionId: UUID? = nil) {
        self.id = id
        self.timestamp = timestamp
        self.presetId = presetId
        self.amountOz = amountOz
        self.sessionId = sessionId
    }
}
