import Foundation
import WatchConnectivity
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime

/// The kit's `WatchTransport` on `WCSession`, and its delegate. The watch keeps its own store and
/// syncs with this phone as its backend: each of its calls and transfers reaches the runtime
/// (the `.watchMessage` input), which answers from this phone's store, in the reply when the watch
/// waits for one. What the phone changed goes to the watch unasked (the runtime's
/// `WatchDeliveries` decides what): pages of its feed by `transferUserInfo`, the latest state as
/// the application context, and that state for the complication within the day's budget.
@MainActor
final class WatchConnectivityService: NSObject, WatchTransport {
    /// Set once at launch, before the session is activated.
    weak var runtime: AppRuntime?
    private let session: WCSession? = WCSession.isSupported() ? .default : nil

    func activate() {
        session?.delegate = self
        session?.activate()
    }

    var isAvailable: Bool {
        guard let session else { return false }
        return session.activationState == .activated && session.isPaired && session.isWatchAppInstalled
    }

    /// 50 a day while the complication is on the active face, 0 otherwise.
    var complicationTransfersLeft: Int {
        guard let session, isAvailable, session.isComplicationEnabled else { return 0 }
        return session.remainingComplicationUserInfoTransfers
    }

    /// Queued once; delivered in order, in the background or at the watch app's next launch.
    func transfer(_ delivery: PhoneDelivery) {
        guard let session, isAvailable, let payload = Self.payload(delivery) else { return }
        session.transferUserInfo(payload)
    }

    /// Replaces the last; the system hands it to the watch app when it next runs, cold launches included.
    func updateLatest(_ delivery: PhoneDelivery) {
        guard let session, isAvailable, let payload = Self.payload(delivery) else { return }
        try? session.updateApplicationContext(payload)
    }

    /// Wakes the watch app to show it on the face; the plan spends this only within the day's budget.
    func transferForComplication(_ delivery: PhoneDelivery) {
        guard let session, isAvailable, session.isComplicationEnabled, let payload = Self.payload(delivery) else { return }
        session.transferCurrentComplicationUserInfo(payload)
    }

    private static func payload(_ delivery: PhoneDelivery) -> [String: Any]? {
        (try? WatchMessage.delivery(delivery).encoded()).map { [WatchMessage.userInfoKey: $0] }
    }

    fileprivate func received(_ data: Data, replying: Bool) async -> Data? {
        await runtime?.handle(.watchMessage(data, replying: replying))
    }
}

// WatchConnectivity calls these on its own queue: each is `nonisolated`, reads the bytes there,
// and hands only them (Sendable) to the main actor.
extension WatchConnectivityService: WCSessionDelegate {
    nonisolated func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        Task { @MainActor in await self.runtime?.handle(.watchLinkActivated) }
    }

    nonisolated func sessionDidBecomeInactive(_ session: WCSession) {}

    /// The watch paired, unpaired, or its app installed or removed: what the plan may deliver changed.
    nonisolated func sessionWatchStateDidChange(_ session: WCSession) {
        Task { @MainActor in await self.runtime?.handle(.deviceChanged) }
    }

    nonisolated func sessionDidDeactivate(_ session: WCSession) {
        // The person switched watches: talk to the new one.
        session.activate()
    }

    /// A push the watch queued while this phone was away: taken in (once, by the records' ids
    /// and stamps), with no one waiting for the answer.
    nonisolated func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        guard let data = userInfo[WatchMessage.userInfoKey] as? Data else { return }
        Task { @MainActor in _ = await self.received(data, replying: false) }
    }

    nonisolated func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return }
        Task { @MainActor in _ = await self.received(data, replying: false) }
    }

    nonisolated func session(_ session: WCSession, didReceiveMessage message: [String: Any], replyHandler: @escaping ([String: Any]) -> Void) {
        let reply = WatchReply(replyHandler)
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return reply.send(nil) }
        Task { @MainActor in reply.send(await self.received(data, replying: true)) }
    }
}

/// WatchConnectivity's reply handler is not declared Sendable; it may be called from any thread, once.
private struct WatchReply: @unchecked Sendable {
    private let handler: ([String: Any]) -> Void
    init(_ handler: @escaping ([String: Any]) -> Void) { self.handler = handler }
    func send(_ data: Data?) { handler(data.map { [WatchMessage.userInfoKey: $0] } ?? [:]) }
}
