import WaterlineCore

/// How many records an account deletion removed.
public struct DeletedAccount: Codable, Hashable, Sendable {
    public var sessions: Int
    public var logEntries: Int
    public var presets: Int

    public init(sessions: Int, logEntries: Int, presets: Int) {
        self.sessions = sessions
        self.logEntries = logEntries
        self.presets = presets
    }
}
