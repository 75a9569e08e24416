import Foundation
import WaterlineCore
import WaterlineStorage

/// What widgets show, read from the shared store and nothing more: no service, no runtime, no
/// write (a widget extension has little memory, and reading must not set anyone up). The same
/// reckoning as every surface: the engine, the reminder plan, the quick drink.
public struct WidgetSnapshotReader: Sendable {
    private let store: any SessionStore
    private let now: @Sendable () -> Date
    private let planner: ReminderPlanner
    /// The Focus filter holding now (the widgets show what it asks, as the app's do).
    private let focus: FocusFilter?

    public init(
        store: any SessionStore, now: @escaping @Sendable () -> Date = { Date() }, planner: ReminderPlanner = ReminderPlanner(), focus: FocusFilter? = nil
    ) {
        self.store = store
        self.now = now
        self.planner = planner
        self.focus = focus
    }

    public func snapshot() async throws -> WidgetSnapshot {
        let time = now()
        // No one set up yet: the defaults, and nothing written.
        let stored = try await store.user()?.settings ?? UserSettings()
        let settings = focus.map { $0.applied(to: stored) } ?? stored
        let lastEnded = try await store.pastSessions(after: nil, limit: 1).first
        guard let active = try await store.activeSession() else {
            return .noSession(lastSessionSummary: lastEnded?.computedSummary, settings: settings, generatedAt: time)
        }
        let snapshot = SessionSnapshot(
            replaying: active, logs: try await store.logs(sessionId: active.id), settings: settings, planner: planner, now: time
        )
        return WidgetSnapshot(
            session: snapshot, lastSessionSummary: lastEnded?.computedSummary, settings: settings,
            quickDrink: DrinkPreset.quickDrink(among: try await store.presets()), generatedAt: time
        )
    }
}
