import Foundation
import WatchConnectivity
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime

/// The kit's `WatchTransport` on `WCSession`, and its delegate. The watch keeps its own store and
/// syncs with this phone as its backend: each of its calls reaches the runtime
/// (the `.watchMessage` input), which answers from this phone's store, in the reply when the watch
/// waits for one. The phone only tells the watch that its records changed, so it pulls.
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

    /// The latest notice waits as the application context (the system hands it to the watch app
    /// when it next runs, cold launches included); a running watch app also gets it at once.
    func phoneChanged(_ notice: PhoneNotice) {
        guard let session, let data = try? WatchMessage.phoneChanged(notice).encoded() else { return }
        let payload = [WatchMessage.userInfoKey: data]
        try? session.updateApplicationContext(payload)
        // No reply is asked for, so no handler runs on WatchConnectivity's queue.
        if session.isReachable { session.sendMessage(payload, replyHandler: nil, errorHandler: nil) }
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
