import Foundation
import WaterlineCore

/// Sessions: started, ended, snoozed, deleted from History; every record removed.
extension SessionWrites {
    /// Starts a session, or returns the one already running (there is only ever one), unless that
    /// one was forgotten: it ends at its last log and the new one starts.
    func startSession() async throws -> ActionResult {
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

    /// Sets (or clears) the running session's plan. A plan already as asked writes nothing.
    func setPlan(drinks: Int?) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var session = try await store.activeSession() else { throw SessionServiceError.noActiveSession }
        let before = session.plannedDrinks
        session.plannedDrinks = drinks
        try Self.checkValid(session.validate)
        guard before != drinks else {
            return try await result(settings, session: snapshot(of: session, settings: settings), changed: false)
        }
        session.updatedAt = max(now(), session.updatedAt)
        try await store.saveSession(session)
        return try await result(settings, session: snapshot(of: session, settings: settings))
    }

    /// `session` ended at its last log, when it was forgotten (`AbandonedSessionPolicy.isForgotten`)
    /// as seen from `time`; nil when it was not. Writes nothing: the caller saves it once the
    /// action it belongs to has passed every check.
    func forgottenEnd(of session: Session, logs: [LogEntry], at time: Date, settings: UserSettings) -> Session? {
        let lastActivity = AbandonedSessionPolicy.lastActivity(of: session, logs: logs)
        guard session.isActive, abandonedPolicy.isForgotten(lastActivity: lastActivity, at: time) else { return nil }
        return session.ended(at: AbandonedSessionPolicy.lastLog(of: session, logs: logs), stamp: now(), logs: logs, settings: settings)
    }

    /// Ends the running session (even with no logs), now or at its last log, and stores its summary.
    func endSession(expected sessionId: UUID?, atLastLog: Bool) async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var session = try await store.activeSession() else {
            // A session named by its id has ended already: nothing to do, nothing refused.
            if sessionId != nil { return try await result(settings, changed: false) }
            throw SessionServiceError.noActiveSession
        }
        // A late end for an earlier session must not end the one running now.
        if let sessionId, sessionId != session.id { return try await result(settings, changed: false) }
        let logs = try await store.logs(sessionId: session.id)
        let stamp = max(now(), session.startTime)
        let time = atLastLog ? min(stamp, max(session.startTime, logs.last?.timestamp ?? session.startTime)) : stamp
        session = session.ended(at: time, stamp: stamp, logs: logs, settings: settings)
        // Decided in the store's transaction: another process that ended it meanwhile keeps its end.
        guard try await store.endSession(session) else {
            if sessionId != nil { return try await result(settings, changed: false) }
            throw SessionServiceError.noActiveSession
        }
        let ended = snapshot(of: session, logs: logs, settings: settings)
        return try await result(settings, session: ended, pastSessionsChanged: true)
    }

    /// "Keep Going" on the app's prompt for a session gone quiet or running long: the session is
    /// touched now, so it is live again on every surface (and, by sync, on the other devices),
    /// and the next log joins it rather than starting a session of its own.
    func keepGoing() async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard var session = try await store.activeSession() else { throw SessionServiceError.noActiveSession }
        session.updatedAt = max(now(), session.updatedAt)
        try await store.saveSession(session)
        return try await result(settings, session: snapshot(of: session, settings: settings))
    }

    /// "Remind Me in 10 Min": the water reminder again in ten minutes, beside the plan. Nothing
    /// when no session runs (it ended meanwhile).
    func remindLater() async throws -> ActionResult {
        let settings = try await ensureUser().settings
        guard let session = try await store.activeSession() else { return try await result(settings, changed: false) }
        let snapshot = try await snapshot(of: session, settings: settings)
        let snooze = ReminderPlanner.snooze(session: session, state: snapshot.state, settings: settings, now: now())
        return try await result(settings, session: snapshot, changed: false, snooze: snooze)
    }

    /// Deletes a past session: it and its logs become tombstones, which sync like any change.
    /// A running session is ended first, not deleted.
    func deletePastSession(id: UUID) async throws -> ActionResult {
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
        // The session and its logs go together, or not at all (a process killed halfway leaves no half-deleted session).
        try await store.saveTogether(sessions: [session], logs: logs)
        return try await result(settings, pastSessionsChanged: true)
    }

    /// Removes every local record and sets a new person up, who remembers whose records went (a
    /// paired watch erases its copy of them too).
    func deleteAllData() async throws -> ActionResult {
        let erased = try await store.user()?.id
        try await store.deleteAll()
        let user = User(id: makeID(), createdAt: now(), erasedBefore: erased)
        try await store.setUp(user)
        return try await result(user.settings, pastSessionsChanged: true)
    }
}
