import Foundation

/// What the screens, the extensions and the command line read: the store as it stands and the
/// clock every surface uses. Reading changes nothing, so it needs none of the runtime's planning;
/// the runtime hands out one (`AppRuntime.reader`) on the same store and clock as its writes.
public protocol SessionReading: Sendable {
    /// What every surface shows now.
    func currentState() async throws -> DeviceState
    /// Any session, running or ended, as it stands.
    func session(id: UUID) async throws -> SessionSnapshot
    /// The newest ended sessions, newest first.
    func recentSessions(limit: Int) async throws -> [SessionSnapshot]
    /// A page of ended sessions after `cursor`, newest first.
    func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session]
    /// Sessions, running or ended, newest first (the command line's lists).
    func sessions(limit: Int?) async throws -> [Session]
    /// What widgets show now (the widget extension's timeline).
    func widgetSnapshot() async throws -> WidgetSnapshot
    /// The time every surface uses.
    func now() -> Date
}

extension SessionReading {
    /// Every session, running or ended, newest first.
    public func sessions() async throws -> [Session] { try await sessions(limit: nil) }
}
