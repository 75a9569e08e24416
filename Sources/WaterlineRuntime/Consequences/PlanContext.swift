import Foundation
import WaterlineCore

/// What the plan needs to know of the process and the system at the moment of an event, read by
/// the executor just before it plans.
public struct PlanContext: Hashable, Sendable {
    /// What the process has (Live Activities, widgets, a paired watch, notifications).
    public var capabilities: DeviceCapabilities
    /// The app is in front.
    public var isActive: Bool
    /// A paired watch with the app installed is there to deliver to.
    public var watchAvailable: Bool
    /// Complication transfers today's budget has left (0: the complication is not on the face).
    public var complicationTransfersLeft: Int
    /// The person allows this device's notifications.
    public var notificationsAllowed: Bool
    /// The person was never asked about this device's notifications (each device asks its own).
    public var notificationsUnasked: Bool
    public var now: Date
    /// The sessions that have reminders pending or delivered.
    public var sessionsWithReminders: Set<UUID>
    /// The sessions whose Live Activity is on screen.
    public var liveActivities: Set<UUID>
    /// Those of `liveActivities` and `endedActivities` whose session no longer runs, as they ended
    /// (for their final state).
    public var endedSessions: [UUID: SessionSnapshot]
    /// The sessions whose Live Activity ended (iOS ends one at its eighth hour) and is still on the
    /// Lock Screen: counted as ended, not running.
    public var endedActivities: Set<UUID>

    public init(
        capabilities: DeviceCapabilities, isActive: Bool, watchAvailable: Bool = false, complicationTransfersLeft: Int = 0,
        notificationsAllowed: Bool = true, notificationsUnasked: Bool = false, now: Date, sessionsWithReminders: Set<UUID> = [], liveActivities: Set<UUID> = [],
        endedSessions: [UUID: SessionSnapshot] = [:], endedActivities: Set<UUID> = []
    ) {
        self.capabilities = capabilities
        self.isActive = isActive
        self.watchAvailable = watchAvailable
        self.complicationTransfersLeft = complicationTransfersLeft
        self.notificationsAllowed = notificationsAllowed
        self.notificationsUnasked = notificationsUnasked
        self.now = now
        self.sessionsWithReminders = sessionsWithReminders
        self.liveActivities = liveActivities
        self.endedSessions = endedSessions
        self.endedActivities = endedActivities
    }
}
