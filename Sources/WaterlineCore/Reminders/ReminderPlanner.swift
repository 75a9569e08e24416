import Foundation

/// Plans the time-based reminders of a session as a short series of one-shot notifications.
public struct ReminderPlanner: Hashable, Sendable {
    /// Far under the system's 64 pending notifications; the plan is renewed after every change.
    public static let defaultMaxPending = 10
    /// No reminder fires once this long has passed without any log.
    public static let defaultInactivityCutoff: TimeInterval = 90 * 60

    public var maxPending: Int
    public var inactivityCutoff: TimeInterval
    /// The time zone "no reminders after" is read in (`RemindersEnd`): the device's.
    public var calendar: Calendar

    public init(
        maxPending: Int = Self.defaultMaxPending, inactivityCutoff: TimeInterval = Self.defaultInactivityCutoff,
        calendar: Calendar = .current
    ) {
        self.maxPending = maxPending
        self.inactivityCutoff = inactivityCutoff
        self.calendar = calendar
    }

    /// The reminders that should be pending at `now`. Empty when the session has ended, when
    /// time reminders are off, or once the session has gone quiet for the cut-off; none after the
    /// session's "no reminders after" (`RemindersEnd`).
    public func plan(session: Session, logs: [LogEntry], settings: UserSettings, now: Date) -> ReminderPlan {
        guard session.isActive, session.endTime == nil, session.deletedAt == nil, settings.timeRemindersEnabled else {
            return .none
        }
        let live = logs.allSatisfy { $0.deletedAt == nil && $0.sessionId == session.id } ? logs : logs.filter { $0.deletedAt == nil && $0.sessionId == session.id }
        let state = WaterlineEngine(settings: settings).computeState(from: live)
        let last = Self.lastWaterAndLog(of: session, in: logs)
        return plan(session: session, state: state, lastWater: last.water, lastLog: last.log, settings: settings, now: now)
    }

    /// The latest water and the latest log among `session`'s live logs, in any order: one pass,
    /// nothing copied, however long the session.
    public static func lastWaterAndLog(of session: Session, in logs: [LogEntry]) -> (water: Date?, log: Date?) {
        var water: Date?
        var last: Date?
        for log in logs where log.deletedAt == nil && log.sessionId == session.id {
            if log.type == .water, water.map({ log.timestamp > $0 }) ?? true { water = log.timestamp }
            if last.map({ log.timestamp > $0 }) ?? true { last = log.timestamp }
        }
        return (water, last)
    }

    /// The same plan from what it is made of: the session's Waterline, its last water and its last
    /// log (nil when there is none), so a session kept up to date by each change is planned without
    /// going over its logs again.
    public func plan(session: Session, state: WaterlineState, lastWater: Date?, lastLog: Date?, settings: UserSettings, now: Date) -> ReminderPlan {
        guard session.isActive, session.endTime == nil, session.deletedAt == nil, settings.timeRemindersEnabled else {
            return .none
        }
        // A glass of water restarts the clock; so does the session's start.
        let anchor = max(session.startTime, lastWater ?? session.startTime)
        let lastActivity = max(session.startTime, lastLog ?? session.startTime)
        var cutoff = lastActivity.addingTimeInterval(inactivityCutoff)
        if let end = RemindersEnd.date(for: session, settings: settings, calendar: calendar) {
            // Up to just before the end: a reminder at the end's own minute is after it.
            cutoff = min(cutoff, end.addingTimeInterval(-1))
        }
        let interval = TimeInterval(settings.timeReminderIntervalMinutes * 60)
        guard interval > 0 else { return .none }

        let content = NotificationCopy.content(for: .timeBased, state: state, settings: settings, sessionId: session.id)
        // Skip the slots already in the past without stepping through them one by one.
        var step = max(1, Int((now.timeIntervalSince(anchor) / interval).rounded(.down)))
        var requests: [ReminderRequest] = []
        while requests.count < maxPending {
            let fireDate = anchor.addingTimeInterval(Double(step) * interval)
            step += 1
            if fireDate > cutoff { break }
            if fireDate <= now { continue }
            requests.append(ReminderRequest(
                identifier: Self.identifier(sessionId: session.id, fireDate: fireDate),
                fireDate: fireDate, kind: .timeBased, sessionId: session.id, content: content
            ))
        }
        return ReminderPlan(requests: requests)
    }

    /// Every time-based reminder of a session starts with this, so the scheduler can clear them all.
    public static func identifierPrefix(sessionId: UUID) -> String {
        "waterline.time.\(sessionId.uuidString.lowercased())."
    }

    static func identifier(sessionId: UUID, fireDate: Date) -> String {
        identifierPrefix(sessionId: sessionId) + String(Int(fireDate.timeIntervalSince1970.rounded()))
    }

    /// How long "Remind Me in 10 Min" waits.
    public static let snoozeInterval: TimeInterval = 10 * 60

    /// Every snoozed reminder of a session starts with this: a re-plan of the time reminders
    /// keeps it (the person asked for it), the session's end removes it.
    public static func snoozePrefix(sessionId: UUID) -> String {
        "waterline.snooze.\(sessionId.uuidString.lowercased())."
    }

    /// When a snooze of the session was asked for, read from its identifier; nil for any other
    /// reminder. A water logged after that answers it: the snooze goes (`snoozeIsAnswered`).
    public static func snoozeRequestedAt(identifier: String, sessionId: UUID) -> Date? {
        let prefix = snoozePrefix(sessionId: sessionId)
        guard identifier.hasPrefix(prefix), let seconds = TimeInterval(identifier.dropFirst(prefix.count)) else { return nil }
        return Date(timeIntervalSince1970: seconds - snoozeInterval)
    }

    /// Whether the snooze `identifier` of the session was answered by a water logged at `water`.
    public static func snoozeIsAnswered(identifier: String, sessionId: UUID, byWaterAt water: Date) -> Bool {
        guard let asked = snoozeRequestedAt(identifier: identifier, sessionId: sessionId) else { return false }
        // The identifier keeps whole seconds: a water in the same second counts as after.
        return water >= asked.addingTimeInterval(-1)
    }

    /// The reminder "Remind Me in 10 Min" asks for: the water reminder again, `snoozeInterval`
    /// after `now`, saying the session as it stands then.
    public static func snooze(session: Session, state: WaterlineState, settings: UserSettings, now: Date) -> ReminderRequest {
        let fireDate = now.addingTimeInterval(snoozeInterval)
        return ReminderRequest(
            identifier: snoozePrefix(sessionId: session.id) + String(Int(fireDate.timeIntervalSince1970.rounded())),
            fireDate: fireDate, kind: .timeBased, sessionId: session.id,
            content: NotificationCopy.content(for: .timeBased, state: state, settings: settings, sessionId: session.id)
        )
    }

    /// A reminder that fires at once after a log (per-drink or pacing warning).
    /// Whether a nudge right after a log of `session` may fire at `now` (not after the session's
    /// "no reminders after").
    public func allowsNudge(at now: Date, session: Session, settings: UserSettings) -> Bool {
        RemindersEnd.allows(now, session: session, settings: settings, calendar: calendar)
    }

    public static func immediate(
        _ kind: ReminderKind, after log: LogEntry, state: WaterlineState, settings: UserSettings, now: Date, plannedDrinks: Int? = nil
    ) -> ReminderRequest {
        ReminderRequest(
            identifier: "waterline.\(kind.rawValue).\(log.id.uuidString.lowercased())",
            fireDate: now, kind: kind, sessionId: log.sessionId,
            content: NotificationCopy.content(for: kind, state: state, settings: settings, sessionId: log.sessionId, plannedDrinks: plannedDrinks)
        )
    }
}
