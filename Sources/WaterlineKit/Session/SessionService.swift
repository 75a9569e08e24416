import Foundation

/// Performs every user action against a `SessionStore` and says what the platform must do next.
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

    // MARK: Setup and settings

    /// The person on this device; on first launch, creates them with `settings` and the five default presets.
    @discardableResult
    public func prepare(settings: UserSettings? = nil) async throws -> User {
        try await exclusively { try await ensureUser(settings: settings) }
    }

    public func settings() async throws -> UserSettings {
        try await exclusively { try await ensureUser().settings }
    }

    /// Validates and saves new settings; an active session is re-planned under them.
    public func updateSettings(_ settings: UserSettings) async throws -> SessionUpdate? {
        try await exclusively {
            try Self.checkValid(settings.validate)
            var user = try await ensureUser()
            var updated = settings
            updated.updatedAt = now()
            user.settings = updated
            user.updatedAt = updated.updatedAt
            try await store.saveUser(user)
            guard let active = try await store.activeSession() else { return nil }
            var update = try await makeUpdate(for: active, settings: updated)
            update.effects = activeEffects(update, liveActivity: .updateLiveActivity(update.liveActivityState))
            return update
        }
    }

    // MARK: Presets

    public func presets() async throws -> [DrinkPreset] {
        try await exclusively {
            _ = try await ensureUser()
            return try await store.presets()
        }
    }

    /// Adds a preset. Without an estimate it is worked out from size and ABV.
    public func addPreset(name: String, drinkType: DrinkType, sizeOz: Double, abv: Double? = nil, estimate: Double? = nil) async throws -> DrinkPreset {
        try await exclusively {
            let user = try await ensureUser()
            let order = (try await store.presets().map(\.sortOrder).max() ?? -1) + 1
            let preset = DrinkPreset(
                id: makeID(), userId: user.id, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                drinkType: drinkType, sizeOz: sizeOz, abv: abv,
                standardDrinkEstimate: try Self.estimate(given: estimate, sizeOz: sizeOz, abv: abv),
                sortOrder: order, updatedAt: now()
            )
            try Self.checkValid(preset.validate)
            try await store.savePreset(preset)
            return preset
        }
    }

    /// Saves changes to an existing preset.
    public func updatePreset(_ preset: DrinkPreset) async throws -> DrinkPreset {
        try await exclusively {
            guard let existing = try await store.preset(id: preset.id) else { throw SessionServiceError.unknownPreset(preset.id) }
            var updated = preset
            updated.userId = existing.userId
            updated.name = preset.name.trimmingCharacters(in: .whitespacesAndNewlines)
            updated.updatedAt = now()
            updated.deletedAt = nil
            try Self.checkValid(updated.validate)
            try await store.savePreset(updated)
            return updated
        }
    }

    /// Deletes a preset; drinks already logged from it keep their details.
    public func deletePreset(id: UUID) async throws {
        try await exclusively {
            guard var preset = try await store.preset(id: id) else { throw SessionServiceError.unknownPreset(id) }
            let time = now()
            preset.deletedAt = time
            preset.updatedAt = time
            try await store.savePreset(preset)
        }
    }

    // MARK: Session

    /// The active session as it stands, or nil.
    public func activeSession() async throws -> SessionUpdate? {
        try await exclusively {
            guard let active = try await store.activeSession() else { return nil }
            return try await makeUpdate(for: active, settings: ensureUser().settings)
        }
    }

    /// Starts a session, or returns the one already active (there is only ever one).
    public func startSession() async throws -> SessionUpdate {
        try await exclusively {
            let user = try await ensureUser()
            let time = now()
            let candidate = Session(id: makeID(), userId: user.id, startTime: time, updatedAt: time)
            let (session, created) = try await store.startSession(candidate)
            var update = try await makeUpdate(for: session, settings: user.settings)
            if created {
                update.effects = activeEffects(update, liveActivity: .startLiveActivity(update.liveActivityState))
            }
            return update
        }
    }

    /// Logs an alcoholic drink in the active session, or in `sessionId` when given (a watch
    /// message that arrives after its session ended). A repeated `id` (a retried message)
    /// logs nothing twice and returns the session as it stands.
    public func logDrink(
        _ input: DrinkInput, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil, in sessionId: UUID? = nil
    ) async throws -> SessionUpdate {
        try await exclusively {
            let meta = try await alcoholMeta(for: input)
            return try await addLog(type: .alcohol, alcoholMeta: meta, waterMeta: nil, source: source, id: id, timestamp: timestamp, sessionId: sessionId)
        }
    }

    /// Logs a glass of water, by default of the person's default amount (see `logDrink` for the rest).
    public func logWater(
        amountOz: Double? = nil, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil, in sessionId: UUID? = nil
    ) async throws -> SessionUpdate {
        try await exclusively {
            var amount = amountOz
            if amount == nil { amount = try await ensureUser().settings.defaultWaterAmountOz }
            return try await addLog(
                type: .water, alcoholMeta: nil, waterMeta: WaterMeta(amountOz: amount ?? 0), source: source, id: id,
                timestamp: timestamp, sessionId: sessionId
            )
        }
    }

    /// The one-tap log from a widget, the Live Activity, a notification or the watch.
    public func quickLog(
        _ type: LogType, presetId: UUID? = nil, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil, in sessionId: UUID? = nil
    ) async throws -> SessionUpdate {
        switch type {
        case .water: try await logWater(source: source, id: id, at: timestamp, in: sessionId)
        case .alcohol: try await logDrink(presetId.map(DrinkInput.preset) ?? .quick, source: source, id: id, at: timestamp, in: sessionId)
        }
    }

    /// Replaces a log's time and details, then recomputes everything from the remaining logs.
    public func editLog(_ edited: LogEntry) async throws -> SessionUpdate {
        try await exclusively {
            guard let existing = try await store.log(id: edited.id), existing.deletedAt == nil else {
                throw SessionServiceError.unknownLog(edited.id)
            }
            guard let session = try await store.session(id: existing.sessionId) else {
                throw SessionServiceError.unknownSession(existing.sessionId)
            }
            var log = edited
            log.sessionId = existing.sessionId
            log.source = existing.source
            log.updatedAt = now()
            log.deletedAt = nil
            try Self.checkValid(log.validate)
            try check(log.timestamp, fallsIn: session)
            try await store.saveLog(log)
            return try await afterChange(to: session, changedLog: log)
        }
    }

    /// Deletes a log (as a tombstone) and recomputes everything from the remaining logs.
    public func deleteLog(id: UUID) async throws -> SessionUpdate {
        try await exclusively {
            guard var log = try await store.log(id: id), log.deletedAt == nil else { throw SessionServiceError.unknownLog(id) }
            guard let session = try await store.session(id: log.sessionId) else { throw SessionServiceError.unknownSession(log.sessionId) }
            let time = now()
            log.deletedAt = time
            log.updatedAt = time
            try await store.saveLog(log)
            return try await afterChange(to: session, changedLog: log)
        }
    }

    /// Ends the active session (even with no logs) and stores its summary.
    public func endSession() async throws -> SessionUpdate {
        try await exclusively {
            guard var session = try await store.activeSession() else { throw SessionServiceError.noActiveSession }
            let settings = try await ensureUser().settings
            let logs = try await store.logs(sessionId: session.id)
            let time = max(now(), session.startTime)
            session.endTime = time
            session.isActive = false
            session.updatedAt = time
            session.computedSummary = SessionSummary(startTime: session.startTime, endTime: time, logs: logs, settings: settings)
            try await store.saveSession(session)
            var update = try await makeUpdate(for: session, settings: settings, logs: logs)
            update.effects = [
                .cancelReminders(sessionId: session.id),
                .endLiveActivity(update.liveActivityState),
                .reloadWidgets,
            ]
            return update
        }
    }

    /// Any session, active or ended, as it stands.
    public func session(id: UUID) async throws -> SessionUpdate {
        try await exclusively {
            guard let session = try await store.session(id: id) else { throw SessionServiceError.unknownSession(id) }
            return try await makeUpdate(for: session, settings: ensureUser().settings)
        }
    }

    /// Sessions, newest first.
    public func sessions(limit: Int? = nil) async throws -> [Session] {
        try await exclusively { try await store.sessions(limit: limit) }
    }

    /// "Remind Me in 10 Min" on a reminder: the water reminder again in ten minutes, beside the
    /// plan. Nothing when no session runs (it ended meanwhile).
    public func remindLater() async throws -> [SessionEffect] {
        try await exclusively {
            guard let session = try await store.activeSession() else { return [] }
            let settings = try await ensureUser().settings
            let state = WaterlineEngine(settings: settings).computeState(from: try await store.logs(sessionId: session.id))
            return [.scheduleReminder(ReminderPlanner.snooze(session: session, state: state, settings: settings, now: now()))]
        }
    }

    /// A page of past (ended) sessions, newest first, after `cursor`.
    public func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await exclusively { try await store.pastSessions(after: cursor, limit: limit) }
    }

    /// Deletes a past session: it and its logs become tombstones, which sync like any change.
    /// A running session is ended first, not deleted.
    public func deletePastSession(id: UUID) async throws {
        try await exclusively {
            guard var session = try await store.session(id: id) else { throw SessionServiceError.unknownSession(id) }
            guard !session.isActive else { throw SessionServiceError.sessionRunning }
            let time = now()
            for var log in try await store.logs(sessionId: id) {
                log.deletedAt = time
                log.updatedAt = time
                try await store.saveLog(log)
            }
            session.deletedAt = time
            session.updatedAt = time
            try await store.saveSession(session)
        }
    }

    /// The "End Now / Keep Going" question for a session left running, if one is due.
    public func abandonedSessionPrompt(keptGoingAt: Date? = nil) async throws -> AbandonedSessionPrompt? {
        try await exclusively {
            guard let active = try await store.activeSession() else { return nil }
            return abandonedPolicy.prompt(for: active, now: now(), keptGoingAt: keptGoingAt)
        }
    }

    /// What widgets show now.
    public func widgetSnapshot() async throws -> WidgetSnapshot {
        try await exclusively {
            let settings = try await ensureUser().settings
            let lastEnded = try await store.sessions(limit: nil).first { !$0.isActive && $0.computedSummary != nil }
            guard let active = try await store.activeSession() else {
                return WidgetSnapshot.noSession(lastSessionSummary: lastEnded?.computedSummary, settings: settings, generatedAt: now())
            }
            let update = try await makeUpdate(for: active, settings: settings)
            return WidgetSnapshot(update: update, lastSessionSummary: lastEnded?.computedSummary, settings: settings, generatedAt: now())
        }
    }

    /// What the watch shows now; `handledRequestIds` are the watch requests recently taken in.
    public func watchSnapshot(handledRequestIds: [UUID] = []) async throws -> WatchSnapshot {
        try await exclusively {
            let settings = try await ensureUser().settings
            let presets = try await store.presets()
            var update: SessionUpdate?
            if let active = try await store.activeSession() { update = try await makeUpdate(for: active, settings: settings) }
            return WatchSnapshot(
                session: update?.liveActivityState, presets: presets, defaultWaterAmountOz: settings.defaultWaterAmountOz,
                warningThreshold: settings.warningThreshold, logIds: update?.logs.map(\.id) ?? [],
                handledRequestIds: handledRequestIds, sentAt: now()
            )
        }
    }

    /// Removes every local record. The effects stop reminders and the Live Activity of a running session.
    public func deleteAllData() async throws -> [SessionEffect] {
        try await exclusively {
            var effects: [SessionEffect] = []
            if let active = try await store.activeSession(), let user = try await store.user() {
                let update = try await makeUpdate(for: active, settings: user.settings)
                effects = [.cancelReminders(sessionId: active.id), .endLiveActivity(update.liveActivityState)]
            }
            try await store.deleteAll()
            return effects + [.reloadWidgets]
        }
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
        // they were made with, so an account's real settings win when this device signs in.
        if settings != nil { initial.updatedAt = time }
        let user = User(id: makeID(), createdAt: time, settings: initial)
        try await store.saveUser(user)
        if try await store.presets().isEmpty {
            for preset in DrinkCatalog.defaultPresets(userId: user.id) {
                try await store.savePreset(preset)
            }
        }
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
            return try await store.presets().first?.alcoholMeta ?? .standardDrink
        }
    }

    private func addLog(
        type: LogType, alcoholMeta: AlcoholMeta?, waterMeta: WaterMeta?, source: LogSource, id: UUID?, timestamp: Date?, sessionId: UUID?
    ) async throws -> SessionUpdate {
        let user = try await ensureUser()
        if let id, let existing = try await store.log(id: id), let session = try await store.session(id: existing.sessionId) {
            return try await makeUpdate(for: session, settings: user.settings, changedLog: existing)
        }
        let session: Session
        if let sessionId {
            guard let named = try await store.session(id: sessionId) else { throw SessionServiceError.unknownSession(sessionId) }
            session = named
        } else {
            guard let active = try await store.activeSession() else { throw SessionServiceError.noActiveSession }
            session = active
        }
        let time = now()
        let log = LogEntry(
            id: id ?? makeID(), sessionId: session.id, timestamp: timestamp ?? time, type: type,
            alcoholMeta: alcoholMeta, waterMeta: waterMeta, source: source, updatedAt: time
        )
        try Self.checkValid(log.validate)
        try check(log.timestamp, fallsIn: session)

        try await store.saveLog(log)
        // A late log for a night that has ended updates its summary; nothing fires now.
        guard session.isActive else { return try await afterChange(to: session, changedLog: log) }
        var update = try await makeUpdate(for: session, settings: user.settings, changedLog: log)
        update.effects = activeEffects(update, liveActivity: .updateLiveActivity(update.liveActivityState))
        // The state before this log is the replay of every other one; no second read of the store.
        let before = WaterlineEngine(settings: user.settings).computeState(from: update.logs.filter { $0.id != log.id })
        if let kind = PacingRules(settings: user.settings).nudge(after: log, from: before, to: update.state) {
            let request = ReminderPlanner.immediate(kind, after: log, state: update.state, settings: user.settings, now: time)
            update.effects.insert(.notifyNow(request), at: 1)
        }
        return update
    }

    /// After an edit or delete: re-plan a running session, or store the new summary of an ended one.
    private func afterChange(to session: Session, changedLog: LogEntry) async throws -> SessionUpdate {
        let settings = try await ensureUser().settings
        var session = session
        if !session.isActive, let endTime = session.endTime {
            let logs = try await store.logs(sessionId: session.id)
            session.computedSummary = SessionSummary(startTime: session.startTime, endTime: endTime, logs: logs, settings: settings)
            session.updatedAt = now()
            try await store.saveSession(session)
            var update = try await makeUpdate(for: session, settings: settings, changedLog: changedLog, logs: logs)
            update.effects = [.reloadWidgets]
            return update
        }
        var update = try await makeUpdate(for: session, settings: settings, changedLog: changedLog)
        update.effects = activeEffects(update, liveActivity: .updateLiveActivity(update.liveActivityState))
        return update
    }

    /// The session as it stands; `logs` when the caller has just read them.
    private func makeUpdate(
        for session: Session, settings: UserSettings, changedLog: LogEntry? = nil, logs knownLogs: [LogEntry]? = nil
    ) async throws -> SessionUpdate {
        var logs = knownLogs ?? []
        if knownLogs == nil { logs = try await store.logs(sessionId: session.id) }
        let state = WaterlineEngine(settings: settings).computeState(from: logs)
        return SessionUpdate(
            session: session, logs: logs, state: state,
            reminders: planner.plan(session: session, logs: logs, settings: settings, now: now()),
            drinksUntilWaterDue: PacingRules(settings: settings).drinksUntilWaterDue(state),
            changedLog: changedLog
        )
    }

    private func activeEffects(_ update: SessionUpdate, liveActivity: SessionEffect) -> [SessionEffect] {
        [.replaceReminders(sessionId: update.session.id, requests: update.reminders.requests), liveActivity, .reloadWidgets]
    }

    /// A log may not predate its session, nor come after its end (or after now, beyond clock slack).
    private func check(_ timestamp: Date, fallsIn session: Session) throws {
        let latest = session.endTime ?? now().addingTimeInterval(Self.clockSlack)
        guard timestamp >= session.startTime, timestamp <= latest else { throw SessionServiceError.logOutsideSession }
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

    /// Runs a validation, reporting its failure as the service's own error.
    private static func checkValid(_ validate: () throws(ValidationError) -> Void) throws(SessionServiceError) {
        do throws(ValidationError) { try validate() } catch { throw .invalid(error) }
    }
}
