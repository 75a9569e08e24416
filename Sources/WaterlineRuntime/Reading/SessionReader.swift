import Foundation
import WaterlineCore

/// The runtime's reads: the store as it stands, through the service (so a read never sees half
/// of an action), and the runtime's clock. A value: screens, the intents' extension and the
/// command line keep one and read from any task; nothing it does needs planning.
public struct SessionReader: SessionReading {
    private let service: SessionService
    private let clock: @Sendable () -> Date

    init(service: SessionService, clock: @escaping @Sendable () -> Date) {
        self.service = service
        self.clock = clock
    }

    public func currentState() async throws -> DeviceState { try await service.state() }

    public func session(id: UUID) async throws -> SessionSnapshot { try await service.session(id: id) }

    public func recentSessions(limit: Int) async throws -> [SessionSnapshot] { try await service.recentSessions(limit: limit) }

    public func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        try await service.history(after: cursor, limit: limit)
    }

    public func sessions(limit: Int?) async throws -> [Session] { try await service.sessions(limit: limit) }

    public func widgetSnapshot() async throws -> WidgetSnapshot { try await service.widgetSnapshot() }

    public func now() -> Date { clock() }
}
