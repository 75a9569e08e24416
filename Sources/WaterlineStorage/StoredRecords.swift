import WaterlineCore
import WaterlineAPI

/// Every record a store keeps, tombstones included (what is queued again for a new account).
public struct StoredRecords: Sendable {
    public var sessions: [Session]
    public var logs: [LogEntry]
    public var presets: [DrinkPreset]

    public init(sessions: [Session], logs: [LogEntry], presets: [DrinkPreset]) {
        self.sessions = sessions
        self.logs = logs
        self.presets = presets
    }
}
