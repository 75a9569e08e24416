import Foundation
import WaterlineCore
import WaterlineStorage

/// The writes each action makes, over the store: what `SessionService` carries out, one action at
/// a time (the service's gate), with the checks they share. Split by concern: settings, presets,
/// sessions and logs each in their own file.
struct SessionWrites: Sendable {
    let store: any SessionStore
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> UUID
    let planner: ReminderPlanner
    let abandonedPolicy: AbandonedSessionPolicy

    func ensureUser(settings: UserSettings? = nil) async throws -> User {
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

    /// - Parameter presets: the presets as known (the service's `RunningSession`); nil to read them.
    func alcoholMeta(for input: DrinkInput, among presets: [DrinkPreset]? = nil) async throws -> AlcoholMeta {
        switch input {
        case .preset(let id):
            guard let preset = try await store.preset(id: id) else { throw SessionServiceError.unknownPreset(id) }
            return preset.alcoholMeta
        case .size(let size, let estimate):
            return size.alcoholMeta(estimate: estimate)
        case .custom(let meta):
            return meta
        case .quick:
            let known: [DrinkPreset]
            if let presets { known = presets } else { known = try await store.presets() }
            return DrinkPreset.quickDrink(among: known)?.alcoholMeta ?? .standardDrink
        }
    }

    /// The result of an action: `session` is the session it was about; the running session is read
    /// only when that is not it.
    func result(
        _ settings: UserSettings, session: SessionSnapshot? = nil, changedLog: LogEntry? = nil, preset: DrinkPreset? = nil,
        presets: [DrinkPreset]? = nil, changed: Bool = true, pastSessionsChanged: Bool = false, nudge: ReminderRequest? = nil,
        snooze: ReminderRequest? = nil
    ) async throws -> ActionResult {
        ActionResult(
            state: try await deviceState(settings, active: session, presets: presets), session: session, changedLog: changedLog, preset: preset,
            changed: changed, pastSessionsChanged: pastSessionsChanged, nudge: nudge, snooze: snooze
        )
    }

    /// - Parameter presets: the presets as known; nil to read them.
    func deviceState(_ settings: UserSettings, active known: SessionSnapshot?, presets: [DrinkPreset]? = nil) async throws -> DeviceState {
        var active: SessionSnapshot?
        if let known, known.session.isActive {
            active = known
        } else if let running = try await store.activeSession() {
            active = try await snapshot(of: running, settings: settings)
        }
        let known: [DrinkPreset]
        if let presets { known = presets } else { known = try await store.presets() }
        return DeviceState(active: active, settings: settings, presets: known)
    }

    /// The session as it stands, its logs read once.
    func snapshot(of session: Session, settings: UserSettings) async throws -> SessionSnapshot {
        snapshot(of: session, logs: try await store.logs(sessionId: session.id), settings: settings)
    }

    func snapshot(of session: Session, logs: [LogEntry], settings: UserSettings) -> SessionSnapshot {
        SessionSnapshot(replaying: session, logs: logs, settings: settings, planner: planner, now: now())
    }

    /// A log may not predate its session, nor come after its end (or after now, beyond clock slack).
    func check(_ timestamp: Date, fallsIn session: Session) throws {
        guard LogTimeWindow(session: session, now: now().addingTimeInterval(Self.clockSlack)).contains(timestamp) else {
            throw SessionServiceError.logOutsideSession
        }
    }
}
