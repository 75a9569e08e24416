import Foundation
import WaterlineCore
import WaterlineStorage

/// Carries out every action against a `SessionStore`: checks it, writes it, and returns what it
/// did with the state every surface now shows (`ActionResult`). It decides nothing about the
/// platform; the runtime carries out the consequences.
///
/// Actions run one at a time (the app, a widget intent and a watch message may arrive together),
/// so a check and the write that depends on it never interleave with another action.
public actor SessionService {
    private let writes: SessionWrites
    private var store: any SessionStore { writes.store }
    private let gate = SerialGate()
    /// The running session as of a place in the store's feed, when this service last read or wrote
    /// it exactly: a log made now steps it on rather than read it again.
    private var running: RunningSession?

    public init(
        store: any SessionStore,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> UUID = { UUID() },
        planner: ReminderPlanner = ReminderPlanner(),
        abandonedPolicy: AbandonedSessionPolicy = AbandonedSessionPolicy()
    ) {
        // Every stamp the service writes is whole milliseconds, so it round-trips through JSON exactly.
        writes = SessionWrites(
            store: store, now: { now().roundedToMilliseconds }, makeID: makeID, planner: planner, abandonedPolicy: abandonedPolicy
        )
    }

    // MARK: Actions

    /// Carries out `action`. Throws `SessionServiceError` when it is refused; nothing is written then.
    public func perform(_ action: SessionAction) async throws -> ActionResult {
        // After the newest place, the feed names nothing and says where it stands.
        try await perform(action, changesAfter: .max).0
    }

    /// Carries out `action` and reads, in the same step, what every commit since `place` changed
    /// (this action's writes, and any another writer made meanwhile): one read of the feed, whose
    /// newest place is the result's version.
    public func perform(_ action: SessionAction, changesAfter place: Int) async throws -> (ActionResult, StoreChangeSet) {
        try await exclusively {
            let (known, start) = try await known()
            var result = try await carryOut(action, running: action.addsLog ? known : nil)
            let changes = try await store.changes(after: place)
            result.state.version = changes.version
            // A log added to the running session wrote one record: when the feed moved by exactly
            // that, no other writer came between, and the state as the action left it is the store's.
            if action.addsLog, result.changed, changes.version == start + 1 {
                running = RunningSession(result.state, place: changes.version)
            } else if changes.version != start {
                running = nil
            }
            return (result, changes)
        }
    }

    /// The state as known, if it still stands (nothing since it was known changed its session,
    /// the settings or the presets), and the feed's newest place, read in one look.
    private func known() async throws -> (RunningSession?, start: Int) {
        guard var known = running else { return (nil, try await version()) }
        let since = try await store.changes(after: known.place)
        guard since.version != known.place else { return (known, since.version) }
        let records = since.records
        guard !records.everything, !records.settings, records.presets.isEmpty, !records.sessions.contains(known.snapshot.session.id) else {
            running = nil
            return (nil, since.version)
        }
        known.place = since.version
        running = known
        return (known, since.version)
    }

    /// Keeps `state` as known at `place`, read whole between two equal looks at the feed
    /// (nothing was committed while it was read).
    private func keepRunning(_ state: DeviceState, readBetween start: Int, and end: Int) {
        guard start == end else { return }
        running = RunningSession(state, place: end)
    }

    private func carryOut(_ action: SessionAction, running: RunningSession?) async throws -> ActionResult {
        switch action {
        case .prepare(let settings): try await writes.prepare(settings)
        case .startSession: try await writes.startSession()
        case .setPlan(let drinks): try await writes.setPlan(drinks: drinks)
        case .logDrink(let input, let source, let id, let timestamp):
            try await writes.addLog(source: source, id: id, timestamp: timestamp, drink: input, running: running)
        case .logWater(let amountOz, let source, let id, let timestamp):
            try await writes.addLog(source: source, id: id, timestamp: timestamp, water: amountOz, running: running)
        case .editLog(let log): try await writes.editLog(log)
        case .deleteLog(let id): try await writes.deleteLog(id: id)
        case .endSession(let sessionId, let atLastLog): try await writes.endSession(expected: sessionId, atLastLog: atLastLog)
        case .remindLater: try await writes.remindLater()
        case .keepGoing: try await writes.keepGoing()
        case .addPreset(let draft): try await writes.addPreset(draft)
        case .editPreset(let preset): try await writes.editPreset(preset)
        case .deletePreset(let id): try await writes.deletePreset(id: id)
        case .reorderPresets(let order): try await writes.reorderPresets(order)
        case .updateSettings(let settings): try await writes.updateSettings(settings)
        case .deletePastSession(let id): try await writes.deletePastSession(id: id)
        case .deleteAllData: try await writes.deleteAllData()
        }
    }

    // MARK: Reads

    /// What every surface shows now; on first launch, sets the person up with the defaults.
    public func state() async throws -> DeviceState {
        try await exclusively { try await wholeState() }
    }

    /// The state after commits that changed `changed`, from `basis`, the state as it stood before
    /// them: only what they name is read again. The running session's logs are read only when that
    /// session changed or another now runs; the presets only when one changed. Everything is read
    /// when the settings changed (every session's plan follows them) or the changes cannot be told.
    public func state(after changed: ChangedRecords, from basis: DeviceState) async throws -> DeviceState {
        try await exclusively {
            guard !changed.everything, !changed.settings else { return try await wholeState() }
            var state = basis
            let start = try await version()
            let running = try await store.activeSession()
            if running?.id != basis.active?.session.id || running.map({ changed.sessions.contains($0.id) }) == true {
                state.active = nil
                if let snapshot = basis.active, let running, running == snapshot.session,
                   let stepped = try await stepping(snapshot, withLogsAfter: basis.version, through: start, settings: basis.settings) {
                    state.active = stepped
                } else if let running {
                    state.active = try await writes.snapshot(of: running, settings: basis.settings)
                }
            }
            if !changed.presets.isEmpty { state.presets = try await store.presets() }
            state.version = try await version()
            keepRunning(state, readBetween: start, and: state.version)
            return state
        }
    }

    public func settings() async throws -> UserSettings {
        try await exclusively { try await writes.ensureUser().settings }
    }

    public func presets() async throws -> [DrinkPreset] {
        try await exclusively {
            _ = try await writes.ensureUser()
            return try await store.presets()
        }
    }

    /// The running session as it stands, or nil.
    public func activeSession() async throws -> SessionSnapshot? {
        try await exclusively {
            guard let active = try await store.activeSession() else { return nil }
            return try await writes.snapshot(of: active, settings: writes.ensureUser().settings)
        }
    }

    /// Any session, running or ended, as it stands.
    public func session(id: UUID) async throws -> SessionSnapshot {
        try await exclusively {
            guard let session = try await store.session(id: id) else { throw SessionServiceError.unknownSession(id) }
            return try await writes.snapshot(of: session, settings: writes.ensureUser().settings)
        }
    }

    /// The newest ended sessions, newest first, each as it stands.
    public func recentSessions(limit: Int) async throws -> [SessionSnapshot] {
        try await exclusively {
            let settings = try await writes.ensureUser().settings
            var recent: [SessionSnapshot] = []
            for session in try await store.pastSessions(after: nil, limit: limit) {
                recent.append(try await writes.snapshot(of: session, settings: settings))
            }
            return recent
        }
    }

    /// Sessions, newest first.
    public func sessions(limit: Int? = nil) async throws -> [Session] {
        try await exclusively { try await store.sessions(limit: limit) }
    }

    /// A page of past (ended) sessions, newest first, after `cursor`.
    public func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await exclusively { try await store.pastSessions(after: cursor, limit: limit) }
    }

    /// What every commit to the store since `version` changed, whoever wrote it, and the version
    /// to ask from next (`SessionStore.changes(after:)`).
    public func changes(after version: Int) async throws -> StoreChangeSet {
        try await exclusively { try await store.changes(after: version) }
    }

    /// What widgets show now.
    public func widgetSnapshot() async throws -> WidgetSnapshot {
        try await exclusively {
            _ = try await writes.ensureUser()
            return try await WidgetSnapshotReader(store: store, now: writes.now, planner: writes.planner).snapshot()
        }
    }

    /// The clock the service stamps with (the runtime's watch snapshots use it too).
    public nonisolated func currentTime() -> Date { writes.now() }

    // MARK: Internals

    /// At most this many feed entries are read to step a session on by what came (a delivery from
    /// the phone, a pull): past it, the session is read again.
    static let steppedEntries = 64

    /// `session`, its own record unchanged, with the logs the feed names after `place` (up to `end`,
    /// its newest), when every one is a new live log of it: each steps the session on
    /// (`SessionSnapshot.adding`) rather than the session being read and replayed again, so taking
    /// the phone's log on the watch costs that log, not the session. Nil when any is not (an edit, a
    /// deletion, another session's log) or more came than `steppedEntries`.
    private func stepping(_ snapshot: SessionSnapshot, withLogsAfter place: Int, through end: Int, settings: UserSettings) async throws -> SessionSnapshot? {
        guard end > place else { return nil }
        let page = try await store.logFeed(after: place, limit: Self.steppedEntries)
        guard page.cursor == end else { return nil }
        var added: [LogEntry] = []
        for log in page.logs {
            guard log.sessionId == snapshot.session.id, log.deletedAt == nil else { return nil }
            if let held = snapshot.logs.last(where: { $0.id == log.id }) {
                // What this session holds already (the watch's own log come back): nothing to step.
                guard held == log else { return nil }
                continue
            }
            added.append(log)
        }
        let now = writes.now()
        return added.sorted(by: WaterlineEngine.isOrderedBefore).reduce(snapshot) { stepped, log in
            stepped.adding(log, settings: settings, planner: writes.planner, now: now)
        }
    }

    /// The state read whole, its version read after it (inside the caller's exclusive step).
    private func wholeState() async throws -> DeviceState {
        let settings = try await writes.ensureUser().settings
        let start = try await version()
        var state = try await writes.deviceState(settings, active: nil)
        state.version = try await version()
        keepRunning(state, readBetween: start, and: state.version)
        return state
    }

    /// The store's change feed's newest place, whoever wrote last (this process or another):
    /// `DeviceState.version`, read after the state, so a state read before a later commit is
    /// recognised and never shown after it.
    private func version() async throws -> Int {
        try await store.changes(after: .max).version
    }

    private func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await gate.run(body)
    }
}
