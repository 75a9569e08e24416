import Foundation
import WaterlineCore

/// What this process's surfaces show now, as far as the plan must know: so an unchanged plan or
/// Live Activity is not sent again, a state older than one shown is never shown after it, and the
/// watch hears each notice once.
public struct ShownSurfaces: Hashable, Sendable {
    /// The newest `DeviceState.version` shown.
    public var version = Int.min
    /// The running night's time reminders as last handed to the system.
    public var reminders: Reminders?
    /// The Live Activities' last states, by night.
    public var glances: [UUID: SessionGlance] = [:]
    /// The running night's last water as shown last: a newer one answers a snooze.
    public var lastWater: LastWater?
    /// The sequence of the last notice the paired watch was sent (`PhoneNotice`).
    public var watchNotice: Int?
    /// This process asked the person about notifications (the watch, at its first night).
    public var askedForNotifications = false
    /// What the widgets (or the complication) were last given, and when.
    public var widgets: WidgetSnapshot?
    public var widgetsReloadedAt: Date?
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
