import WaterlineCore

/// The kinds of record that sync.
public enum SyncEntity: String, Codable, Hashable, Sendable, CaseIterable {
    case session
    case logEntry
    case preset
    case settings
}
