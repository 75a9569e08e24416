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

    /// `session` as it stands at `now`, reckoned from its live `logs` (in replay order): the
    /// engine's Waterline, the plan of reminders, the drinks until water is due. Every surface's
    /// night is made this way (the service's, the widgets' reader).
    public init(reckoning session: Session, logs: [LogEntry], settings: UserSettings, planner: ReminderPlanner, now: Date) {
        let state = WaterlineEngine(settings: settings).computeState(from: logs)
        self.init(
            session: session, logs: logs, state: state, reminders: planner.plan(session: session, logs: logs, settings: settings, now: now),
            drinksUntilWaterDue: PacingRules(settings: settings).drinksUntilWaterDue(state)
        )
    }

    /// What the Live Activity, the watch and the complication show of this night.
    public var glance: SessionGlance {
        SessionGlance(session: session, state: state, drinksUntilWaterDue: drinksUntilWaterDue, nextReminderDate: reminders.nextReminderDate)
    }
}
