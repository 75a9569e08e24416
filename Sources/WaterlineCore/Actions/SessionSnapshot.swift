import Foundation

/// A night as it stands: its live logs, the Waterline replayed from them, and its reminder plan.
public struct SessionSnapshot: Hashable, Sendable {
    public var session: Session
    /// Live logs in replay order.
    public var logs: [LogEntry]
    public var state: WaterlineState
    public var reminders: ReminderPlan
    /// How many more drinks until a water break is due (0: due now).
    public var drinksUntilWaterDue: Int

    public init(session: Session, logs: [LogEntry], state: WaterlineState, reminders: ReminderPlan, drinksUntilWaterDue: Int) {
        self.session = session
        self.logs = logs
        self.state = state
        self.reminders = reminders
        self.drinksUntilWaterDue = drinksUntilWaterDue
    }

    /// What the Live Activity, the watch and the complication show of this night.
    public var glance: SessionGlance {
        SessionGlance(session: session, state: state, drinksUntilWaterDue: drinksUntilWaterDue, nextReminderDate: reminders.nextReminderDate)
    }
}
