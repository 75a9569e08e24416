import Foundation

/// A session as it stands: its live logs, the Waterline replayed from them, and its reminder plan.
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
    /// session is made this way (the service's, the widgets' reader).
    public init(replaying session: Session, logs: [LogEntry], settings: UserSettings, planner: ReminderPlanner, now: Date) {
        var isLiveInOrder = true
        for index in logs.indices where logs[index].deletedAt != nil || logs[index].sessionId != session.id
            || (index > logs.startIndex && !WaterlineEngine.isOrderedBefore(logs[index - 1], logs[index])) {
            isLiveInOrder = false
            break
        }
        // Anything else (a tombstone, another session's log, a store's own order) is put right
        // first, so `logs` is what the type promises and its last is the session's latest.
        let live = isLiveInOrder ? logs : logs.filter { $0.deletedAt == nil && $0.sessionId == session.id }.sorted(by: WaterlineEngine.isOrderedBefore)
        let state = WaterlineEngine(settings: settings).computeState(from: live)
        self.init(session: session, logs: live, state: state, settings: settings, planner: planner, now: now)
    }

    /// The session with its Waterline already replayed: planned from it and from its last water and
    /// last log (`ReminderPlanner.lastWaterAndLog`).
    private init(session: Session, logs: [LogEntry], state: WaterlineState, settings: UserSettings, planner: ReminderPlanner, now: Date) {
        let last = ReminderPlanner.lastWaterAndLog(of: session, in: logs)
        self.init(
            session: session, logs: logs, state: state,
            reminders: planner.plan(session: session, state: state, lastWater: last.water, lastLog: last.log, settings: settings, now: now),
            drinksUntilWaterDue: PacingRules(settings: settings).drinksUntilWaterDue(state)
        )
    }

    /// This session with `log`, a new live log of it, added, kept up to date rather than replayed:
    /// the log takes its place in replay order, and the Waterline steps on from where it stood
    /// when the log is the session's latest (the common case: a log made now); a log made earlier
    /// replays the session, already in order, from the start. Exactly what `init(replaying:)`
    /// makes of the same logs (`SessionUpToDateTests`).
    public func adding(_ log: LogEntry, settings: UserSettings, planner: ReminderPlanner, now: Date) -> SessionSnapshot {
        let engine = WaterlineEngine(settings: settings)
        var logs = logs
        let state: WaterlineState
        if logs.last.map({ WaterlineEngine.isOrderedBefore($0, log) }) ?? true {
            logs.append(log)
            var stepped = self.state
            engine.apply(log, to: &stepped)
            state = stepped
        } else {
            // The first log that replays after it: a binary search, the logs being in order.
            var low = logs.startIndex, high = logs.endIndex
            while low < high {
                let middle = (low + high) / 2
                if WaterlineEngine.isOrderedBefore(log, logs[middle]) { high = middle } else { low = middle + 1 }
            }
            logs.insert(log, at: low)
            state = engine.computeState(from: logs)
        }
        return SessionSnapshot(session: session, logs: logs, state: state, settings: settings, planner: planner, now: now)
    }

    /// When the person last did anything with the session (`AbandonedSessionPolicy.lastActivity`).
    public var lastActivity: Date {
        AbandonedSessionPolicy.lastActivity(of: session, logs: logs)
    }

    /// When the session was last logged in: its latest log (the last, the logs being in replay
    /// order), or its start when it has none.
    public var lastLog: Date {
        AbandonedSessionPolicy.lastLog(of: session, logs: logs)
    }

    /// What the Live Activity, the watch and the complication show of this session.
    public var glance: SessionGlance {
        SessionGlance(session: session, state: state, drinksUntilWaterDue: drinksUntilWaterDue, nextReminderDate: reminders.nextReminderDate)
    }
}
