import Foundation
import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// Carries out every action against a `SessionStore`: checks it, writes it, and returns what it
/// did with the state every surface now shows (`ActionResult`). It decides nothing about the
/// platform; the runtime carries out the consequences.
///
/// Actions run one at a time (the app, a widget intent and a watch message may arrive together),
/// so a check and the write that depends on it never interleave with another action.
public actor SessionService {
    private let store: any SessionStore
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> UUID
    private let planner: ReminderPlanner
    private let abandonedPolicy: AbandonedSessionPolicy
    private let gate = SerialGate()
    /// Counts the changes made, for `DeviceState.version`.
    private var version = 0

    public init(
        store: any SessionStore,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> UUID = { UUID() },
        planner: ReminderPlanner = ReminderPlanner(),
        abandonedPolicy: AbandonedSessionPolicy = AbandonedSessionPolicy()
    ) {
        self.store = store
        // Every stamp the service writes is whole milliseconds, so it round-trips through JSON exactly.
        self.now = { now().roundedToMilliseconds }
        self.makeID = makeID
        self.planner = planner
        self.abandonedPolicy = abandonedPolicy
    }

    // MARK: Actions

    /// Carries out `action`. Throws `SessionServiceError` when it is refused; nothing is written then.
    public func perform(_ action: SessionAction) async throws -> ActionResult {
        try await exclusively {
            var result = try await carryOut(action)
            if result.changed { version += 1 }
            result.state.version = version
            return result
        }
    }

    private func carryOut(_ action: SessionAction) async throws -> ActionResult {
        switch action {
        case .prepare(let settings): try await prepare(settings)
        case .startSession: try await startSession()
        case .logDrink(let input, let source, let id, let timestamp, let sessionId):
            try await addLog(source: source, id: id, timestamp: timestamp, sessionId: sessionId) { try await self.alcoholMeta(for: input) }
        case .logWater(let amountOz, let source, let id, let timestamp, let sessionId):
            try await addLog(source: source, id: id, timestamp: timestamp, sessionId: sessionId, water: amountOz)
        case .editLog(let log): try await editLog(log)
        case .deleteLog(let id): try await deleteLog(id: id)
        case .endSession(let sessionId, let atLastLog): try await endSession(expected: sessionId, atLastLog: atLastLog)
        case .remindLater: try await remindLater()
        case .addPreset(let draft): try await addPreset(draft)
        case .editPreset(let preset): try await editPreset(preset)
        case .deletePreset(let id): try await deletePreset(id: id)
        case .reorderPresets(let order): try await reorderPresets(order)
        case .updateSettings(let settings): try await updateSettings(settings)
        case .deletePastSession(let id): try await deletePastSession(id: id)
        case .deleteAllData: try await deleteAllData()
        }
    }

    // MARK: Reads

    /// What every surface shows now; on first launch, sets the person up with the defaults.
    public func state() async throws -> DeviceState {
        try await exclusively { try await deviceState(ensureUser().settings, active: nil) }
    }

    public func settings() async throws -> UserSettings {
        try await exclusively { try await ensureUser().settings }
    }

    public func presets() async throws -> [DrinkPreset] {
        try await exclusively {
            _ = try await ensureUser()
            return try await store.presets()
        }
    }

    /// The running night as it stands, or nil.
    public func activeSession() async throws -> SessionSnapshot? {
        try await exclusively {
            guard let active = try await store.activeSession() else { return nil }
            return try await snapshot(of: active, settings: ensureUser().settings)
        }
    }

    /// Any night, running or ended, as it stands.
    public func session(id: UUID) async throws -> SessionSnapshot {
        try await exclusively {
            guard let session = try await store.session(id: id) else { throw SessionServiceError.unknownSession(id) }
            return try await snapshot(of: session, settings: ensureUser().settings)
        }
    }

    /// The newest ended nights, newest first, each as it stands.
    public func recentSessions(limit: Int) async throws -> [SessionSnapshot] {
        try await exclusively {
            let settings = try await ensureUser().settings
            var recent: [SessionSnapshot] = []
            for session in try await store.pastSessions(after: nil, limit: limit) {
                recent.append(try await snapshot(of: session, settings: settings))
            }
            return recent
        }
    }

    /// Nights, newest first.
    public func sessions(limit: Int? = nil) async throws -> [Session] {
        try await exclusively { try await store.sessions(limit: limit) }
    }

    /// A page of past (ended) nights, newest first, after `cursor`.
    public func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await exclusively { try await store.pastSessions(after: cursor, limit: limit) }
    }

    /// What widgets show now.
    public func widgetSnapshot() async throws -> WidgetSnapshot {
        try await exclusively {
            _ = try await ensureUser()
            return try await WidgetSnapshotReader(store: store, now: now, planner: planner).snapshot()
        }
    }

    /// The clock the service stamps with (the runtime's watch snapshots use it too).
    public nonisolated func currentTime() -> Date { now() }

    // MARK: Setup and settings

    private func prepare(_ settings: UserSettings?) async throws -> ActionResult {
        let existing = try await store.user()
        var user = try await ensureUser(settings: settings)
        if existing != nil, let settings {
            // Onboarding after signing in (or after an earlier launch): the person's choices win.
            user = try await saveSettings(settings, of: user)
        }
        return try await result(user.settings, changed: existing == nil || settings != nil)
    }

    private func updateSettings(_ settings: UserSettings) async throws -> ActionResult {
        let user = try await saveSettings(settings, of: ensureUser())
        return try await result(user.settings)
    }

    private func saveSettings(_ settings: UserSettings, of user: User) async throws -> User {
        try Self.checkValid(settings.validate)
        var user = user
        // Only the settings that changed take the new stamp: another device's change to a
        // different setting, made meanwhile, survives the merge.
        let updated = user.settings.edited(to: settings, at: now())
        user.settings = updated
        user.updatedAt = updated.updatedAt
        try await store.saveUser(user)
        return user
    }

    // MARK: Presets

    private func addPreset(_ draft: PresetDraft) async throws -> ActionResult {
        let user = try await ensureUser()
        let order = (try await store.presets().map(\.sortOrder).max() ?? -1) + 1
        let preset = DrinkPreset(
            id: makeID(), userId: user.id, name: draft.name.trimmingCharacters(in: .whitespacesAndNewlines),
            drinkType: draft.drinkType, sizeOz: draft.sizeOz, abv: draft.abv,
            standardDrinkEstimate: try Self.estimate(given: draft.estimate, sizeOz: draft.sizeOz, abv: draft.abv),
            sortOrder: order, updatedAt: now()
        )
        try Self.checkValid(preset.validate)
        try Self.checkChosen(preset.standardDrinkEstimate)
        try await store.savePreset(preset)
        return try await result(user.settings, preset: preset)
    }

    private func editPreset(_ preset: DrinkPreset) async throws -> ActionResult {
        let user = try await ensureUser()
        guard let existing = try await store.preset(id: preset.id) else { throw SessionServiceError.unknownPreset(preset.id) }
        var updated = preset
        updated.userId = existing.userId
        updated.name = preset.name.trimmingCharacters(in: .whitespacesAndNewlines)
        updated.updatedAt = now()
        updated.deletedAt = nil
        try Self.checkValid(updated.validate)
        try Self.checkChosen(updated.standardDrinkEstimate)
        try await store.savePreset(updated)
        return try await result(user.settings, preset: updated)
    }

    /// Numbers the presets 0, 1, 2… in `order` (unknown or repeated ids are refused, nothing
    /// written); only presets whose place changed are saved (and synced).
    private func reorderPresets(_ order: [UUID]) async throws -> ActionResult {
        let user = try await ensureUser()
        let presets = try await store.presets()
        if let unknown = order.first(where: { id in !presets.contains { $0.id == id } }) {
            throw SessionServiceError.unknownPreset(unknown)
        }
        guard Set(order).count == order.count else {
            throw SessionServiceError.invalid(.unexpected(field: "order", reason: "each preset once"))
        }
        let named = order.compactMap { id in presets.first { $0.id == id } }
        let ordered = named + presets.filter { !order.contains($0.id) }
        let time = now()
        var moved = false
        for (place, var preset) in ordered.enumerated() where preset.sortOrder != place {
            preset.sortOrder = place
            preset.updatedAt = time
            try await store.savePreset(preset)
            moved = true
        }
        return try await result(user.settings, changed: moved)
    }

    /// Drinks already logged from a deleted preset keep their details.
    private func deletePreset(id: UUID) async throws -> ActionResult {
        let user = try await ensureUser()
        guard var preset = try await store.preset(id: id) else { throw SessionServiceError.unknownPreset(id) }
        let time = now()
        preset.deletedAt = time
        preset.updatedAt = time
        try await store.savePreset(preset)
        return try await result(user.settings, preset: preset)
    }

    // MARK: Nights

    /// Starts a night, or returns the one already running (there is only ever one), unless that
    /// one was forgotten: it ends at its last log and the new one starts.
    private func startSession() async throws -> ActionResult {
        let user = try await ensureUser()
        let time = now()
        var endedForgotten = false
        if let running = try await store.activeSession(),
           let ended = forgottenEnd(of: running, logs: try await store.logs(sessionId: running.id), at: time, settings: user.settings) {
            try await store.saveSession(ended)
            endedForgotten = true
        }
        let candidate = Session(id: makeID(), userId: user.id, startTime: time, updatedAt: time)
        let (session, created) = try await store.startSession(candidate)
        return try await result(user.settings, session: snapshot(of: session, settings: user.settings), changed: created, pastSessionsChanged: endedForgotten)
    }

    /// `session` ended at its last log, when it was forgotten (`AbandonedSessionPolicy.isForgotten`)
    /// as seen from `time`; nil when it was not. Writes nothing: the caller saves it once the
    /// action it belongs to has passed every check.
    private func forgottenEnd(of session: Session, logs: [LogEntry], at time: Date, settings: UserSettings) -> Session? {
        let lastActivity = max(session.startTime, logs.last?.timestamp ?? session.startTime)
        guard session.isActive, abandonedPolicy.isForgotten(lastActivity: lastActivity, at: time) else { return nil }
        var ended = session
        ended.isActive = false
        ended.endTime = lastActivity
        ended.updatedAt = now()
        ended.computedSummary = SessionSummary(startTime: session.startTime, endTime: lastActivity, logs: logs, settings: settings)
        return ended
    }

    private func addLog(
        source: LogSource, id: UUID?, timestamp: Date?, sessionId: UUID?, water amountOz: Double? = nil,
        alcohol: (() async throws -> AlcoholMeta)? = nil
    ) async throws -> ActionResult {
        let user = try await ensureUser()
        let settings = user.settings
        if let id, let existing = try await store.log(id: id), let session = try await store.session(id: existing.sessionId) {
            // A retried delivery: the night as it stands, nothing written twice.
            return try await result(settings, session: snapshot(of: session, settings: settings), changedLog: existing, changed: false)
        }
        var session: Session
        if let sessionId {
            guard let named = try await store.session(id: sessionId) else { throw SessionServiceError.unknownSession(sessionId) }
            session = named
        } else {
            guard let active = try await store.activeSession() else { throw SessionServiceError.noActiveSession }
            session = active
        }
        let time = now()
        let meta = try await alcohol?()
        var log = LogEntry(
            id: id ?? makeID(), sessionId: session.id, timestamp: timestamp ?? time, type: meta == nil ? .water : .alcohol,
            alcoholMeta: meta, waterMeta: meta == nil ? WaterMeta(amountOz: amountOz ?? settings.defaultWaterAmountOz) : nil,
            source: source, updatedAt: time
        )
        try Self.checkValid(log.validate)
        if let estimate = log.alcoholMeta?.standardDrinkEstimate { try Self.checkChosen(estimate) }
        // The night's logs, read once: to see whether it was forgotten, and for the new state.
        var earlier: [LogEntry] = []
        var forgotten: Session?
        if session.isActive {
            earlier = try await store.logs(sessionId: session.id)
            forgotten = forgottenEnd(of: session, logs: earlier, at: log.timestamp, settings: settings)
        }
        if forgotten != nil {
            // Friday's night is not Saturday's: this log starts a night of its own.
            session = Session(id: makeID(), userId: user.id, startTime: min(log.timestamp, time), updatedAt: time)
            earlier = []
        }
        // Every check passes before anything is written.
        try check(log.timestamp, fallsIn: session)
        if let forgotten {
            // The forgotten night ends, the new one starts and takes the log, in one step.
            log.sessionId = session.id
            do {
                try await store.saveTogether(sessions: [forgotten, session], logs: [log])
            } catch SessionStoreError.secondActiveSession(let running) {
                // Another process started tonight's night meanwhile: the log joins it, nothing lost.
                guard let tonight = try await store.session(id: running) else { throw SessionStoreError.secondActiveSession(running) }
                session = tonight
                log.sessionId = running
                try await store.saveLog(log)
            }
        } else {
            try await store.saveLog(log)
        }
        // A late log for a night that has ended updates its summary; nothing fires now.
        guard session.isActive else { return try await afterChange(to: session, changedLog: log, settings: settings) }
        let night = snapshot(of: session, logs: (earlier + [log]).sorted(by: WaterlineEngine.isOrderedBefore), settings: settings)
        // The state before this log is the replay of every other one; no second read of the store.
        let before = WaterlineEngine(settings: settings).computeState(from: night.logs.filter { $0.id != log.id })
        let nudge = PacingRules(settings: settings).nudge(after: log, from: before, to: night.state).map {
            ReminderPlanner.immediate($0, after: log, state: night.state, settings: settings, now: time)
        }
        return try await result(settings, session: night, changedLog: log, pastSessionsChanged: forgotten != nil, nudge: nudge)
    }

    /// Replaces a log's time and details, then recomputes everything from the remaining logs.
    private func editLog(_ edited: LogEntry) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard let existing = try await store.log(id: edited.id), existing.deletedAt == nil else { throw SessionServiceError.unknownLog(edited.id) }
        guard let session = try await store.session(id: existing.sessionId) else { throw SessionServiceError.unknownSession(existing.sessionId) }
        var log = edited
        log.sessionId = existing.sessionId
        log.source = existing.source
        log.updatedAt = now()
        log.deletedAt = nil
        try Self.checkValid(log.validate)
        if let estimate = log.alcoholMeta?.standardDrinkEstimate { try Self.checkChosen(estimate) }
        try check(log.timestamp, fallsIn: session)
        try await store.saveLog(log)
        return try await afterChange(to: session, changedLog: log, settings: settings)
    }

    /// Deletes a log (as a tombstone) and recomputes everything from the remaining logs.
    private func deleteLog(id: UUID) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var log = try await store.log(id: id), log.deletedAt == nil else { throw SessionServiceError.unknownLog(id) }
        guard let session = try await store.session(id: log.sessionId) else { throw SessionServiceError.unknownSession(log.sessionId) }
        let time = now()
        log.deletedAt = time
        log.updatedAt = time
        try await store.saveLog(log)
        return try await afterChange(to: session, changedLog: log, settings: settings)
    }

    /// Ends the running night (even with no logs), now or at its last log, and stores its summary.
    private func endSession(expected sessionId: UUID?, atLastLog: Bool) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var session = try await store.activeSession() else {
            // A night named by its id has ended already: nothing to do, nothing refused.
            if sessionId != nil { return try await result(settings, changed: false) }
            throw SessionServiceError.noActiveSession
        }
        // A late end for an earlier night must not end the one running now.
        if let sessionId, sessionId != session.id { return try await result(settings, changed: false) }
        let logs = try await store.logs(sessionId: session.id)
        let stamp = max(now(), session.startTime)
        let time = atLastLog ? min(stamp, max(session.startTime, logs.last?.timestamp ?? session.startTime)) : stamp
        session.endTime = time
        session.isActive = false
        session.updatedAt = stamp
        session.computedSummary = SessionSummary(startTime: session.startTime, endTime: time, logs: logs, settings: settings)
        try await store.saveSession(session)
        let ended = snapshot(of: session, logs: logs, settings: settings)
        return try await result(settings, session: ended, pastSessionsChanged: true)
    }

    /// "Remind Me in 10 Min": the water reminder again in ten minutes, beside the plan. Nothing
    /// when no night runs (it ended meanwhile).
    private func remindLater() async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard let session = try await store.activeSession() else { return try await result(settings, changed: false) }
        let night = try await snapshot(of: session, settings: settings)
        let snooze = ReminderPlanner.snooze(session: session, state: night.state, settings: settings, now: now())
        return try await result(settings, session: night, changed: false, snooze: snooze)
    }

    /// Deletes a past night: it and its logs become tombstones, which sync like any change.
    /// A running night is ended first, not deleted.
    private func deletePastSession(id: UUID) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var session = try await store.session(id: id) else { throw SessionServiceError.unknownSession(id) }
        guard !session.isActive else { throw SessionServiceError.sessionRunning }
        let time = now()
        let logs = try await store.logs(sessionId: id).map { log in
            var deleted = log
            deleted.deletedAt = time
            deleted.updatedAt = time
            return deleted
        }
        session.deletedAt = time
        session.updatedAt = time
        // The night and its logs go together, or not at all (a process killed halfway leaves no half-deleted night).
        try await store.saveTogether(sessions: [session], logs: logs)
        return try await result(settings, pastSessionsChanged: true)
    }

    /// Removes every local record; the person is set up again at the next action.
    private func deleteAllData() async throws -> ActionResult {
        try await store.deleteAll()
        return ActionResult(state: DeviceState(active: nil, settings: UserSettings(), presets: []), pastSessionsChanged: true)
    }

    // MARK: Internals

    private func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await gate.run(body)
    }

    private func ensureUser(settings: UserSettings? = nil) async throws -> User {
        if let user = try await store.user() { return user }
        let time = now()
        var initial = settings ?? UserSettings()
        try Self.checkValid(initial.validate)
        // Settings the person chose are stamped now; untouched defaults keep the distant stamp
        // they were made with (each default left as it was too), so an account's real settings
        // win when this device signs in.
        if let settings { initial = UserSettings().edited(to: settings, at: time) }
        let user = User(id: makeID(), createdAt: time, settings: initial)
        try await store.setUp(user)
        return user
    }

    private func alcoholMeta(for input: DrinkInput) async throws -> AlcoholMeta {
        switch input {
        case .preset(let id):
            guard let preset = try await store.preset(id: id) else { throw SessionServiceError.unknownPreset(id) }
            return preset.alcoholMeta
        case .size(let size, let estimate):
            return size.alcoholMeta(estimate: estimate)
        case .custom(let meta):
            return meta
        case .quick:
            return DrinkPreset.quickDrink(among: try await store.presets())?.alcoholMeta ?? .standardDrink
        }
    }

    /// After an edit or delete: a running night is re-planned; an ended one gets its new summary.
    private func afterChange(to session: Session, changedLog: LogEntry, settings: UserSettings) async throws -> ActionResult {
        var session = session
        guard !session.isActive, let endTime = session.endTime else {
            return try await result(settings, session: snapshot(of: session, settings: settings), changedLog: changedLog)
        }
        let logs = try await store.logs(sessionId: session.id)
        session.computedSummary = SessionSummary.revised(
            session.computedSummary, startTime: session.startTime, endTime: endTime, logs: logs, settings: settings
        )
        session.updatedAt = now()
        try await store.saveSession(session)
        return try await result(settings, session: snapshot(of: session, logs: logs, settings: settings), changedLog: changedLog, pastSessionsChanged: true)
    }

    /// The result of an action: `session` is the night it was about; the running night is read
    /// only when that is not it.
    private func result(
        _ settings: UserSettings, session: SessionSnapshot? = nil, changedLog: LogEntry? = nil, preset: DrinkPreset? = nil,
        changed: Bool = true, pastSessionsChanged: Bool = false, nudge: ReminderRequest? = nil, snooze: ReminderRequest? = nil
    ) async throws -> ActionResult {
        ActionResult(
            state: try await deviceState(settings, active: session), session: session, changedLog: changedLog, preset: preset,
            changed: changed, pastSessionsChanged: pastSessionsChanged, nudge: nudge, snooze: snooze
        )
    }

    private func deviceState(_ settings: UserSettings, active known: SessionSnapshot?) async throws -> DeviceState {
        var active: SessionSnapshot?
        if let known, known.session.isActive {
            active = known
        } else if let running = try await store.activeSession() {
            active = try await snapshot(of: running, settings: settings)
        }
        return DeviceState(active: active, settings: settings, presets: try await store.presets(), version: version)
    }

    /// The night as it stands, its logs read once.
    private func snapshot(of session: Session, settings: UserSettings) async throws -> SessionSnapshot {
        snapshot(of: session, logs: try await store.logs(sessionId: session.id), settings: settings)
    }

    private func snapshot(of session: Session, logs: [LogEntry], settings: UserSettings) -> SessionSnapshot {
        SessionSnapshot(reckoning: session, logs: logs, settings: settings, planner: planner, now: now())
    }

    /// A log may not predate its night, nor come after its end (or after now, beyond clock slack).
    private func check(_ timestamp: Date, fallsIn session: Session) throws {
        guard LogTimeWindow(session: session, now: now().addingTimeInterval(Self.clockSlack)).contains(timestamp) else {
            throw SessionServiceError.logOutsideSession
        }
    }

    /// A watch's clock may run a little ahead of the phone's.
    static let clockSlack: TimeInterval = 5 * 60

    private static func estimate(given estimate: Double?, sizeOz: Double, abv: Double?) throws -> Double {
        if let estimate { return estimate }
        guard let abv else { throw SessionServiceError.invalid(.missing(field: "standardDrinkEstimate")) }
        do throws(ValidationError) {
            return try StandardDrinks.estimate(sizeOz: sizeOz, abvPercent: abv)
        } catch {
            throw SessionServiceError.invalid(error)
        }
    }

    /// A drink this device makes counts as more than 0 standard drinks.
    private static func checkChosen(_ estimate: Double) throws(SessionServiceError) {
        try checkValid { () throws(ValidationError) in try Limits.chosenStandardDrinkEstimate.check(estimate, field: "standardDrinkEstimate") }
    }

    /// Runs a validation, reporting its failure as the service's own error.
    private static func checkValid(_ validate: () throws(ValidationError) -> Void) throws(SessionServiceError) {
        do throws(ValidationError) { try validate() } catch { throw .invalid(error) }
    }
}
