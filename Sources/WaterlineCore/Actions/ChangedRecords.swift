import Foundation

/// Which records a change replaced: what a pull or a settled push brought in, so only the screens
/// showing those records read again. `everything` when it cannot be told (another process wrote,
/// or the device was erased and taken over by another person's records).
public struct ChangedRecords: Hashable, Sendable {
    public var settings: Bool
    public var presets: Set<UUID>
    /// Sessions whose own record or any of whose logs changed.
    public var sessions: Set<UUID>
    public var everything: Bool

    public init(settings: Bool = false, presets: Set<UUID> = [], sessions: Set<UUID> = [], everything: Bool = false) {
        self.settings = settings
        self.presets = presets
        self.sessions = sessions
        self.everything = everything
    }

    public static let none = ChangedRecords()
    public static let all = ChangedRecords(everything: true)

    public var isEmpty: Bool { !everything && !settings && presets.isEmpty && sessions.isEmpty }

    /// Whether a session other than `running` (an ended one, or one that has just ended) changed:
    /// lists of past sessions read theirs again.
    public func changesPastSessions(besides running: UUID?) -> Bool {
        everything || sessions.contains { $0 != running }
    }

    public mutating func formUnion(_ other: ChangedRecords) {
        settings = settings || other.settings
        presets.formUnion(other.presets)
        sessions.formUnion(other.sessions)
        everything = everything || other.everything
    }
}
