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
    /// The nights that have reminders pending or delivered.
    public var nightsWithReminders: Set<UUID>
    /// The nights whose Live Activity is on screen.
    public var liveActivities: Set<UUID>
    /// Those of `liveActivities` and `endedActivities` whose night no longer runs, as they ended
    /// (for their final state).
    public var endedNights: [UUID: SessionSnapshot]
    /// The nights whose Live Activity ended (iOS ends one at its eighth hour) and is still on the
    /// Lock Screen: counted as ended, not running.
    public var endedActivities: Set<UUID>

    public init(
        capabilities: DeviceCapabilities, isActive: Bool, watchAvailable: Bool = false, complicationTransfersLeft: Int = 0,
        notificationsAllowed: Bool = true, notificationsUnasked: Bool = false, now: Date, nightsWithReminders: Set<UUID> = [], liveActivities: Set<UUID> = [],
        endedNights: [UUID: SessionSnapshot] = [:], endedActivities: Set<UUID> = []
    ) {
        self.capabilities = capabilities
        self.isActive = isActive
        self.watchAvailable = watchAvailable
        self.complicationTransfersLeft = complicationTransfersLeft
        self.notificationsAllowed = notificationsAllowed
        self.notificationsUnasked = notificationsUnasked
        self.now = now
        self.nightsWithReminders = nightsWithReminders
        self.liveActivities = liveActivities
        self.endedNights = endedNights
        self.endedActivities = endedActivities
    }
}
