/// The surface a log entry was made from.
public enum LogSource: String, Codable, Hashable, Sendable, CaseIterable {
    case phone
    case watch
    case widget
    // The spec's data model spells this one with an underscore on the wire.
    case liveActivity = "live_activity"
}
