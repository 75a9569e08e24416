import Foundation

/// Something the platform must do after an action; the Apple layer executes these and decides nothing.
public enum SessionEffect: Hashable, Sendable {
    /// Remove the session's pending time reminders and schedule these instead.
    case replaceReminders(sessionId: UUID, requests: [ReminderRequest])
    /// Remove every pending and delivered reminder of the session.
    case cancelReminders(sessionId: UUID)
    /// Post this notification now (per-drink reminder or pacing warning).
    case notifyNow(ReminderRequest)
    /// Schedule this one reminder beside the plan (a snooze the person asked for).
    case scheduleReminder(ReminderRequest)
    case startLiveActivity(LiveActivityState)
    case updateLiveActivity(LiveActivityState)
    case endLiveActivity(LiveActivityState)
    /// Widget timelines are out of date.
    case reloadWidgets
}
