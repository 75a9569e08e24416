import Foundation
import WaterlineCore
import WaterlineStorage

/// Logging a drink or water, and editing or deleting a log.
extension SessionWrites {
    /// - Parameter running: the running session exactly as the store holds it now, when the service
    ///   knows it (`RunningSession`): its logs are not read again, and the session steps on from it.
    func addLog(
        source: LogSource, id: UUID?, timestamp: Date?, water amountOz: Double? = nil, drink: DrinkInput? = nil, running: RunningSession? = nil
    ) async throws -> ActionResult {
        // The person, the session and the presets as known, or read.
        let settings: UserSettings
        if let running { settings = running.settings } else { settings = try await ensureUser().settings }
        if let id, let existing = try await store.log(id: id), let session = try await store.session(id: existing.sessionId) {
            // A retried delivery: the session as it stands, nothing written twice.
            return try await result(settings, session: snapshot(of: session, settings: settings), changedLog: existing, changed: false)
        }
        let current: Session?
        if let running { current = running.snapshot.session } else { current = try await store.activeSession() }
        guard var session = current else { throw SessionServiceError.noActiveSession }
        let time = now()
        var meta: AlcoholMeta?
        if let drink { meta = try await alcoholMeta(for: drink, among: running?.presets) }
        var log = LogEntry(
            id: id ?? makeID(), sessionId: session.id, timestamp: timestamp ?? time, type: meta == nil ? .water : .alcohol,
            alcoholMeta: meta, waterMeta: meta == nil ? WaterMeta(amountOz: amountOz ?? settings.waterGlassOz) : nil,
            source: source, updatedAt: time
        )
        try Self.checkValid(log.validate)
        if let estimate = log.alcoholMeta?.standardDrinkEstimate { try Self.checkChosen(estimate) }
        // The session as it stands, known or read once: to see whether it was forgotten, and for the new state.
        var known = running?.snapshot
        var earlier: [LogEntry]
        if let known { earlier = known.logs } else { earlier = try await store.logs(sessionId: session.id) }
        let forgotten = forgottenEnd(of: session, logs: earlier, at: log.timestamp, settings: settings)
        if forgotten != nil {
            // Friday's session is not Saturday's: this log starts a session of its own.
            session = Session(id: makeID(), userId: try await ensureUser().id, startTime: min(log.timestamp, time), updatedAt: time)
            earlier = []
            known = nil
        }
        // Every check passes before anything is written.
        try check(log.timestamp, fallsIn: session)
        if let forgotten {
            // The forgotten session ends, the new one starts and takes the log, in one step.
            log.sessionId = session.id
            do {
                try await store.saveTogether(sessions: [forgotten, session], logs: [log])
            } catch SessionStoreError.secondActiveSession(let running) {
                // Another process started tonight's session meanwhile: the log joins it, nothing lost.
                guard let tonight = try await store.session(id: running) else { throw SessionStoreError.secondActiveSession(running) }
                session = tonight
                log.sessionId = running
                try await store.saveLog(log)
            }
        } else {
            try await store.saveLog(log)
        }
        // The session steps on from where it stood: its logs are not read again, nor sorted, nor (for
        // a log made now) replayed.
        let standing = known ?? snapshot(of: session, logs: earlier, settings: settings)
        let snapshot = standing.adding(log, settings: settings, planner: planner, now: time)
        let before = standing.state
        // None past the session's "no reminders after".
        let allowed = planner.allowsNudge(at: time, session: session, settings: settings)
        let nudge = PacingRules(settings: settings).nudge(after: log, from: before, to: snapshot.state, plannedDrinks: session.plannedDrinks)
            .flatMap { allowed ? $0 : nil }
            .map { ReminderPlanner.immediate($0, after: log, state: snapshot.state, settings: settings, now: time, plannedDrinks: session.plannedDrinks) }
        return try await result(settings, session: snapshot, changedLog: log, presets: running?.presets, pastSessionsChanged: forgotten != nil, nudge: nudge)
    }

    /// Replaces a log's time and details, then recomputes everything from the remaining logs.
    func editLog(_ edited: LogEntry) async throws -> ActionResult {
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
    func deleteLog(id: UUID) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var log = try await store.log(id: id), log.deletedAt == nil else { throw SessionServiceError.unknownLog(id) }
        guard let session = try await store.session(id: log.sessionId) else { throw SessionServiceError.unknownSession(log.sessionId) }
        let time = now()
        log.deletedAt = time
        log.updatedAt = time
        try await store.saveLog(log)
        return try await afterChange(to: session, changedLog: log, settings: settings)
    }

    /// After an edit or delete: a running session is re-planned; an ended one gets its new summary.
    func afterChange(to session: Session, changedLog: LogEntry, settings: UserSettings) async throws -> ActionResult {
        var session = session
        guard !session.isActive else {
            return try await result(settings, session: snapshot(of: session, settings: settings), changedLog: changedLog)
        }
        let logs = try await store.logs(sessionId: session.id)
        session.computedSummary = session.revisedSummary(logs: logs, settings: settings)
        session.updatedAt = now()
        try await store.saveSession(session)
        return try await result(settings, session: snapshot(of: session, logs: logs, settings: settings), changedLog: changedLog, pastSessionsChanged: true)
    }
}
