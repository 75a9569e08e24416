import Foundation

/// One notification that should be pending (or fire at once), ready for the platform scheduler.
public struct ReminderRequest: Codable, Hashable, Sendable, Identifiable {
    /// Stable across re-plans, so the scheduler can replace rather than duplicate.
    public var identifier: String
    public var fireDate: Date
    public var kind: ReminderKind
    public var sessionId: UUID
    public var content: NotificationContent

    public var id: String { identifier }

    public init(identifier: String, fireDate: Date, kind: ReminderKind, sessionId: UUID, content: NotificationContent) {
        self.identifier = identifier
        self.fireDate = fireDate
        self.kind = kind
        self.sessionId = sessionId
        self.content = content
    }
}
