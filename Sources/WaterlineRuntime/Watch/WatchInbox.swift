import Foundation
import WaterlineCore
import WaterlineStorage
import WaterlineSync

/// The phone's side of the watch conversation: what each message asks for, which requests were
/// taken in (so a repeated start or end is carried out once) and which were refused and why.
/// The runtime sends the actions and answers with `snapshot(of:sentAt:)`.
public struct WatchInbox: Sendable {
    /// How many request ids (and refusals) are remembered and reported back.
    static let memory = 100
    static let refusalMemory = 10

    private(set) var handled: [UUID] = []
    private(set) var refusals: [WatchRefusal] = []

    public init() {}

    /// The action `message`, received at `now`, asks for; nil for a start or end already carried
    /// out, a start that came too late (refused, to tell the watch), and the kinds only the phone
    /// sends. Logs are idempotent by id in the service, so a repeated one is sent again and
    /// answered, never logged twice.
    public mutating func action(for message: WatchMessage, receivedAt now: Date) -> SessionAction? {
        switch message {
        case .logDrink(let request):
            remember(request.id)
            return .logDrink(request.presetId.map(DrinkInput.preset) ?? .quick, source: .watch, id: request.id, at: request.timestamp, sessionId: request.sessionId)
        case .logWater(let request):
            remember(request.id)
            return .logWater(amountOz: request.amountOz, source: .watch, id: request.id, at: request.timestamp, sessionId: request.sessionId)
        case .startSession(let requestId, let requestedAt):
            guard remember(requestId) else { return nil }
            if let requestedAt, now.timeIntervalSince(requestedAt) > WatchMessage.startLifetime {
                refuse(requestId, .tooLate)
                return nil
            }
            return .startSession
        case .endSession(let requestId, let sessionId):
            // Naming its night, a late end cannot end one started after it.
            return remember(requestId) ? .endSession(sessionId: sessionId) : nil
        case .snapshot, .reminder:
            return nil
        }
    }

    /// The phone refused `message`: the watch is told why with the next snapshot.
    public mutating func refused(_ message: WatchMessage, because error: any Error) {
        guard let id = message.requestId else { return }
        refuse(id, WatchProblem(error))
    }

    /// Whether the request `id` was refused lately.
    public func wasRefused(_ id: UUID?) -> Bool {
        refusals.contains { $0.requestId == id }
    }

    private mutating func refuse(_ id: UUID, _ problem: WatchProblem) {
        refusals.removeAll { $0.requestId == id }
        refusals.append(WatchRefusal(requestId: id, problem: problem))
        if refusals.count > Self.refusalMemory { refusals.removeFirst(refusals.count - Self.refusalMemory) }
    }

    /// What the watch shows of `state`, with the requests taken in and refused lately.
    public func snapshot(of state: DeviceState, sentAt: Date) -> WatchSnapshot {
        WatchSnapshot(state, handledRequestIds: handled, refusals: refusals, sentAt: sentAt)
    }

    /// Notes a request id; false when it was already handled.
    @discardableResult
    private mutating func remember(_ id: UUID) -> Bool {
        if handled.contains(id) { return false }
        handled.append(id)
        if handled.count > Self.memory { handled.removeFirst(handled.count - Self.memory) }
        return true
    }
}
