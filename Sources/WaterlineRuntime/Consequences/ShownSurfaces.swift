import Foundation
import WaterlineCore

/// What this process's surfaces show now, as far as the plan must know: so an unchanged plan or
/// Live Activity is not sent again, a state older than one shown is never shown after it, and a
/// sync's arrivals are told from what was there.
public struct ShownSurfaces: Hashable, Sendable {
    /// The newest `DeviceState.version` shown.
    public var version = Int.min
    /// The running night's time reminders as last handed to the system.
    public var reminders: Reminders?
    /// The Live Activities' last states, by night.
    public var glances: [UUID: SessionGlance] = [:]
    /// The running night's last water as shown last: a newer one answers a snooze.
    public var lastWater: LastWater?
    /// The running night's logs shown last (on the watch, a drink the phone logged buzzes).
    public var logs: Logs?
    /// The plan the reminders follow: what the in-app banner shows when notifications are off.
    public var plan = ReminderPlan.none

    public struct Reminders: Hashable, Sendable {
        public var sessionId: UUID
        public var requests: [ReminderRequest]
    }

    public struct LastWater: Hashable, Sendable {
        public var sessionId: UUID
        public var at: Date?
    }

    public struct Logs: Hashable, Sendable {
        public var sessionId: UUID
        public var ids: Set<UUID>
    }

    public init() {}
}
