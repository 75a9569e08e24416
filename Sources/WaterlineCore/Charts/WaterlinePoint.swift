import Foundation

/// One point of the session's chart: the Waterline just after a log (or at the session's start and end).
public struct WaterlinePoint: Hashable, Sendable, Identifiable {
    public enum Event: String, Hashable, Sendable {
        case start
        case drink
        case water
        /// The session's end (or now, while it runs): the last value, carried to the edge.
        case end
    }

    /// The log's id; fixed ids for the start and the end.
    public var id: UUID
    public var time: Date
    public var value: Double
    public var event: Event
    public var isWarning: Bool

    public init(id: UUID, time: Date, value: Double, event: Event, isWarning: Bool) {
        self.id = id
        self.time = time
        self.value = value
        self.event = event
        self.isWarning = isWarning
    }
}
