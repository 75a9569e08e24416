import Foundation

/// One row of a widget's recent-logs list, already worded.
public struct WidgetLogLine: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var timestamp: Date
    public var type: LogType
    /// "Beer · 12 oz", "Water · 8 oz".
    public var title: String

    public init(id: UUID, timestamp: Date, type: LogType, title: String) {
        self.id = id
        self.timestamp = timestamp
        self.type = type
        self.title = title
    }

    public init(log: LogEntry, units: Units) {
        self.init(id: log.id, timestamp: log.timestamp, type: log.type, title: LogDescription.title(for: log, units: units))
    }
}
