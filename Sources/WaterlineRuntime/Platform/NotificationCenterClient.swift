import Foundation
import WaterlineCore

/// The system's notification center as the runtime uses it; the app wraps
/// `UNUserNotificationCenter`, the tests record.
@MainActor
public protocol NotificationCenterClient: AnyObject {
    /// Registers the reminder category with its "Log Water" action. Called at every launch,
    /// before any response can be delivered.
    func registerCategories()
    /// What the person allowed.
    func authorization() async -> NotificationAuthorization
    /// Asks the person (the system shows its question only while it was never answered) and
    /// returns what they allowed.
    func requestAuthorization() async -> NotificationAuthorization
    /// Removes the session's pending time reminders and schedules `requests` instead.
    func replacePending(sessionId: UUID, with requests: [ReminderRequest]) async
    /// Schedules one reminder without touching the others (a snooze); `replacePending` leaves it.
    func schedule(_ request: ReminderRequest) async
    /// Removes every pending and delivered reminder of the session, snoozes included.
    func cancelAll(sessionId: UUID) async
    /// Removes the session's pending snoozes that a water logged at `water` answered
    /// (`ReminderPlanner.snoozeIsAnswered`).
    func cancelSnoozes(sessionId: UUID, answeredByWaterAt water: Date) async
    /// The sessions that have reminders pending or delivered (so those of a session that ended
    /// elsewhere can be removed).
    func sessionIdsWithReminders() async -> Set<UUID>
    /// Posts `request` at once.
    func post(_ request: ReminderRequest) async
}
