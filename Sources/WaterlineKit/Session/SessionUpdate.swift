import Foundation

/// A session as it stands after an action, with the effects the platform must carry out.
public struct SessionUpdate: Hashable, Sendable {
    public var session: Session
    /// Live logs in replay order.
    public var logs: [LogEntry]
    public var state: WaterlineState
    public var reminders: ReminderPlan
    /// How many more drinks until a water break is due (0: due now).
    public var drinksUntilWaterDue: Int
    /// The entry the action wrote, for "Undo".
    public var changedLog: LogEntry?
    public var effects: [SessionEffect]

    public init(
        session: Session, logs: [LogEntry], state: WaterlineState, reminders: ReminderPlan,
        drinksUntilWaterDue: Int, changedLog: LogEntry? = nil, effects: [SessionEffect] = []
    ) {
        self.session = session
        self.logs = logs
        self.state = state
        self.reminders = reminders
        self.drinksUntilWaterDue = drinksUntilWaterDue
        self.changedLog = changedLog
        self.effects = effects
    }

    /// What the Live Activity shows for this update.
    public var liveActivityState: LiveActivityState {
        LiveActivityState(session: session, state: state, drinksUntilWaterDue: drinksUntilWaterDue, nextReminderDate: reminders.nextReminderDate)
    }
}
