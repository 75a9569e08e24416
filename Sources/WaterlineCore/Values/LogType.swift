/// Whether a log entry is an alcoholic drink or a glass of water.
public enum LogType: String, Codable, Hashable, Sendable, CaseIterable {
    case alcohol
    case water
}
