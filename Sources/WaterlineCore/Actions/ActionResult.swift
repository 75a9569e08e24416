/// What an action did: the state every surface now shows, and what the action itself wrote.
public struct ActionResult: Hashable, Sendable {
    public var state: DeviceState
    /// The session the action was about, as it stands after it: the running one, the one it
    /// ended, or a past one it edited. nil for actions about no session (a preset, settings).
    public var session: SessionSnapshot?
    /// The log it wrote (for Undo); a tombstone when it deleted one.
    public var changedLog: LogEntry?
    /// The preset it wrote.
    public var preset: DrinkPreset?
    /// Whether anything was written: a repeated delivery (a retried watch message, a second
    /// Log Water from one notification) or a start while a session runs changes nothing.
    public var changed: Bool
    /// Whether ended sessions changed (one ended, was edited or deleted): lists of past sessions refresh.
    public var pastSessionsChanged: Bool
    /// A reminder to post now: the per-drink water reminder or the pacing warning the log caused.
    public var nudge: ReminderRequest?
    /// A reminder to schedule beside the plan (the snooze the person asked for).
    public var snooze: ReminderRequest?

    public init(
        state: DeviceState, session: SessionSnapshot? = nil, changedLog: LogEntry? = nil, preset: DrinkPreset? = nil,
        changed: Bool = true, pastSessionsChanged: Bool = false, nudge: ReminderRequest? = nil, snooze: ReminderRequest? = nil
    ) {
        self.state = state
        self.session = session
        self.changedLog = changedLog
        self.preset = preset
        self.changed = changed
        self.pastSessionsChanged = pastSessionsChanged
        self.nudge = nudge
        self.snooze = snooze
    }
}
