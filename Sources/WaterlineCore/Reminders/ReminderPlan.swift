import Foundation

/// The time-based reminders that should be pending for a session, and the next one's time.
public struct ReminderPlan: Codable, Hashable, Sendable {
    public var requests: [ReminderRequest]

    public init(requests: [ReminderRequest] = []) {
        self.requests = requests
    }

    /// "Next reminder: h:mm" on screen; nil when none is planned.
    public var nextReminderDate: Date? { requests.first?.fireDate }

    public static let none = ReminderPlan()
}
