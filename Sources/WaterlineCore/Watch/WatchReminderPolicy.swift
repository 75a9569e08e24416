import Foundation

/// Which reminders the phone forwards to the watch, and which the watch posts.
///
/// A notification the phone posts reaches the wrist through the system's mirroring, so the phone
/// forwards nothing it posted (that would buzz twice). Time-based reminders are scheduled on the
/// phone and never forwarded; per-drink reminders and pacing warnings fire right after a log and
/// are forwarded when the phone could not post them (its notifications are off); one that waited
/// in the queue (watch out of reach) longer than `maximumDelay` is dropped, not buzzed late.
public enum WatchReminderPolicy {
    public static let maximumDelay: TimeInterval = 5 * 60

    /// Whether the phone sends `reminder` to the watch at all.
    public static func forwards(_ reminder: ReminderRequest) -> Bool {
        reminder.kind != .timeBased
    }

    /// Whether the watch posts `reminder`, received at `now`.
    public static func shouldPost(_ reminder: ReminderRequest, receivedAt now: Date) -> Bool {
        forwards(reminder) && now.timeIntervalSince(reminder.fireDate) <= maximumDelay
    }
}
