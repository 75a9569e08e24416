import Foundation

/// The phone's side of the watch conversation: turns each message into a service action
/// (source `.watch`), once, and answers with the snapshot the watch should show.
public actor WatchMessageHandler {
    /// How many handled request ids are remembered and reported back.
    static let memory = 100

    private let service: SessionService
    private let effects: any SessionEffectHandler
    private var handled: [UUID] = []

    public init(service: SessionService, effects: any SessionEffectHandler) {
        self.service = service
        self.effects = effects
    }

    /// What the phone tells the watch after a message.
    public struct Reply: Hashable, Sendable {
        public var snapshot: WatchSnapshot
        /// A calm sentence when the message could not be carried out; nothing was written then.
        public var problem: String?
    }

    public func handle(_ message: WatchMessage) async throws -> Reply {
        var problem: String?
        do {
            if let update = try await perform(message) {
                await effects.perform(update.effects)
            }
        } catch {
            problem = ScreenMessage.describe(error)
        }
        return Reply(snapshot: try await service.watchSnapshot(handledRequestIds: handled), problem: problem)
    }

    /// The snapshot to push after a change made anywhere else (the phone, a widget).
    public func snapshot() async throws -> WatchSnapshot {
        try await service.watchSnapshot(handledRequestIds: handled)
    }

    private func perform(_ message: WatchMessage) async throws -> SessionUpdate? {
        switch message {
        case .logDrink(let request):
            remember(request.id)
            // Logs are idempotent by id in the service, so a repeat is answered, not logged again.
            return try await service.quickLog(.alcohol, presetId: request.presetId, source: .watch, id: request.id, at: request.timestamp, in: request.sessionId)
        case .logWater(let request):
            remember(request.id)
            return try await service.logWater(amountOz: request.amountOz, source: .watch, id: request.id, at: request.timestamp, in: request.sessionId)
        case .startSession(let requestId):
            guard remember(requestId) else { return nil }
            return try await service.startSession()
        case .endSession(let requestId, let sessionId):
            guard remember(requestId) else { return nil }
            guard let active = try await service.activeSession() else { return nil }
            // A late end for an earlier session must not end the one running now.
            if let sessionId, sessionId != active.session.id { return nil }
            return try await service.endSession()
        case .snapshot, .reminder:
            // The phone sends these; it does not act on them.
            return nil
        }
    }

    /// Notes a request id; false when it was already handled.
    @discardableResult
    private func remember(_ id: UUID) -> Bool {
        if handled.contains(id) { return false }
        handled.append(id)
        if handled.count > Self.memory { handled.removeFirst(handled.count - Self.memory) }
        return true
    }
}
