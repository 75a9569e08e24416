import Foundation
import WaterlineCore

/// What this process's surfaces show now, as far as the plan must know: so an unchanged plan or
/// Live Activity is not sent again, a state older than one shown is never shown after it, and the
/// complication's transfers and the background refreshes are spent only on what changed.
public struct LastShown: Hashable, Sendable {
    /// The newest `DeviceState.version` shown.
    public var version = Int.min
    /// The running session's time reminders as last handed to the system.
    public var reminders: Reminders?
    /// The Live Activities' last states, by session.
    public var glances: [UUID: SessionGlance] = [:]
    /// Sessions whose tile the system had ended (its eighth hour) and that were later ended here
    /// too: their tile was handed the session's final state once.
    public var closedEndedTiles: Set<UUID> = []
    /// The running session's last water as shown last: a newer one answers a snooze.
    public var lastWater: LastWater?
    /// What the paired watch's complication was last sent, and when (the phone).
    public var complicationSent: WidgetSnapshot?
    public var complicationSentAt: Date?
    /// This process asked the person about notifications (the watch, at its first session).
    public var askedForNotifications = false
    /// What the widgets (or the complication) were last given, and when.
    public var widgets: WidgetSnapshot?
    public var widgetsReloadedAt: Date?
    /// A change the widgets were not reloaded for yet (held back to stay within the budget).
    public var widgetsOwed = false
    /// The background refresh last asked for (the watch).
    public var refreshAt: Date?
    /// The plan the reminders follow: what the in-app banner shows when notifications are off.
    public var plan = ReminderPlan.none

    public struct Reminders: Hashable, Sendable {
        public var sessionId: UUID
        public var requests: [ReminderRequest]
        /// Whether notifications were allowed when they were handed over: the system refuses
        /// them while they are not, so turning them on hands the same plan over again.
        public var allowed: Bool
    }

    public struct LastWater: Hashable, Sendable {
        public var sessionId: UUID
        public var at: Date?
    }

    public init() {}
}
