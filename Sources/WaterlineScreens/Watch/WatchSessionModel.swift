import Foundation
import Observation
import WaterlineCore

/// The watch's main screen. Taps show at once (optimistically) and go to the phone as
/// messages; the phone's snapshots are the truth, and a log stops being optimistic once a
/// snapshot shows the phone has it.
@Observable
@MainActor
public final class WatchSessionModel {
    /// An unconfirmed log stops counting after this long, in case its message was lost.
    public static let optimisticLifetime: TimeInterval = 10 * 60

    public private(set) var snapshot: WatchSnapshot?
    public private(set) var pending: [PendingWatchLog] = []
    public var isPickingPreset = false
    public var isConfirmingEnd = false
    /// The Start this watch sent that no snapshot has answered yet, and when it was tapped.
    private var start: (id: UUID, at: Date)?
    /// Why the phone refused the last request this watch made, in the watch's language; nil
    /// when all is well.
    public private(set) var problemMessage: String?
    private var endingSessionId: UUID?

    private let send: @MainActor (WatchMessage) -> Void
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> UUID

    public init(
        send: @escaping @MainActor (WatchMessage) -> Void,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.send = send
        self.now = now
        self.makeID = makeID
    }

    public var presets: [DrinkPreset] { snapshot?.presets ?? [] }

    /// A Start was tapped and is on its way: neither a night nor a refusal has come back, and the
    /// phone would still honour it. After that the button is offered again.
    public var isStarting: Bool {
        guard let start else { return false }
        return now().timeIntervalSince(start.at) <= WatchMessage.startLifetime
    }

    public var display: WatchDisplay {
        guard let session = snapshot?.session, session.sessionId != endingSessionId, !session.isEnded else { return .noSession }
        let live = pending.filter { $0.request.sessionId == session.sessionId }
        let value = session.waterlineValue + live.reduce(0) { $0 + $1.delta }
        let threshold = snapshot?.warningThreshold ?? UserSettings().warningThreshold
        return WatchDisplay(
            hasSession: true, waterlineValue: value,
            drinks: session.totalAlcoholCount + live.filter { $0.type == .alcohol }.count,
            water: session.totalWaterCount + live.filter { $0.type == .water }.count,
            isWarning: WaterlineEngine(warningThreshold: threshold).isWarning(value),
            warningThreshold: threshold, unconfirmed: live.count
        )
    }

    public func waterButtonTapped() {
        guard let sessionId = currentSessionId else { return }
        let request = WatchLogRequest(id: makeID(), timestamp: now(), amountOz: snapshot.map(\.defaultWaterAmountOz), sessionId: sessionId)
        pending.append(PendingWatchLog(request: request, type: .water, delta: -1))
        send(.logWater(request))
    }

    public func drinkButtonTapped() {
        guard currentSessionId != nil else { return }
        isPickingPreset = true
    }

    public func presetTapped(_ preset: DrinkPreset) {
        isPickingPreset = false
        guard let sessionId = currentSessionId else { return }
        let request = WatchLogRequest(id: makeID(), timestamp: now(), presetId: preset.id, sessionId: sessionId)
        pending.append(PendingWatchLog(request: request, type: .alcohol, delta: preset.standardDrinkEstimate))
        send(.logDrink(request))
    }

    public func startSessionTapped() {
        let request = (id: makeID(), at: now())
        start = request
        send(.startSession(requestId: request.id, requestedAt: request.at))
    }

    public func endSessionButtonTapped() {
        isConfirmingEnd = true
    }

    public func endSessionConfirmed() {
        isConfirmingEnd = false
        guard let sessionId = currentSessionId else { return }
        endingSessionId = sessionId
        pending.removeAll { $0.request.sessionId == sessionId }
        send(.endSession(requestId: makeID(), sessionId: sessionId))
    }

    /// A snapshot from the phone. Older ones (delivered late) are ignored.
    public func snapshotReceived(_ incoming: WatchSnapshot) {
        if let current = snapshot, incoming.sentAt < current.sentAt { return }
        snapshot = incoming
        // A refused request shows why, once, and its optimistic log goes.
        let refused = Dictionary(incoming.refusals.map { ($0.requestId, $0.problem) }, uniquingKeysWith: { _, last in last })
        if let problem = pending.compactMap({ refused[$0.request.id] }).last {
            problemMessage = problem.message
        }
        if let start, let problem = refused[start.id] {
            problemMessage = problem.message
            self.start = nil
        }
        let confirmed = Set(incoming.logIds).union(incoming.handledRequestIds)
        let cutoff = now().addingTimeInterval(-Self.optimisticLifetime)
        pending.removeAll { confirmed.contains($0.request.id) || refused[$0.request.id] != nil || $0.request.timestamp < cutoff }
        if incoming.session != nil { start = nil }
        if let ending = endingSessionId, incoming.session?.sessionId != ending { endingSessionId = nil }
    }

    /// The person read the problem.
    public func problemDismissed() {
        problemMessage = nil
    }

    private var currentSessionId: UUID? {
        display.hasSession ? snapshot?.session?.sessionId : nil
    }
}
