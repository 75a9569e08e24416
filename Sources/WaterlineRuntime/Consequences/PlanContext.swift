import Foundation
import WaterlineCore

/// What the plan needs to know of the process and the system at the moment of an event, read by
/// the executor just before it plans.
public struct PlanContext: Hashable, Sendable {
    public var process: RuntimeProcess
    /// The app is in front.
    public var isActive: Bool
    /// On the watch, the device that buzzes for reminders now; nil on a phone (it posts its own).
    public var reminderOwner: ReminderOwner?
    /// A paired watch with the app installed is there to tell.
    public var watchAvailable: Bool
    /// The person allows this device's notifications.
    public var notificationsAllowed: Bool
    public var now: Date
    /// The nights that have reminders pending or delivered.
    public var nightsWithReminders: Set<UUID>
    /// The nights whose Live Activity is on screen.
    public var liveActivities: Set<UUID>
    /// Those of `liveActivities` that no longer run, as they ended (for their final state).
    public var endedNights: [UUID: SessionSnapshot]

    public init(
        process: RuntimeProcess, isActive: Bool, reminderOwner: ReminderOwner? = nil, watchAvailable: Bool = false,
        notificationsAllowed: Bool = true, now: Date, nightsWithReminders: Set<UUID> = [], liveActivities: Set<UUID> = [],
        endedNights: [UUID: SessionSnapshot] = [:]
    ) {
        self.process = process
        self.isActive = isActive
        self.reminderOwner = reminderOwner
        self.watchAvailable = watchAvailable
        self.notificationsAllowed = notificationsAllowed
        self.now = now
        self.nightsWithReminders = nightsWithReminders
        self.liveActivities = liveActivities
        self.endedNights = endedNights
    }
}
