import Foundation
import WatchConnectivity
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The kit's `WatchTransport` on `WCSession`, and its delegate: every message from the watch
/// goes to the runtime. A message the watch sent with a reply handler is answered by the reply
/// alone; one that came queued (`transferUserInfo`) is answered by the application context.
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

    var isReachable: Bool { session?.isReachable ?? false }

    func updateContext(_ message: WatchMessage) {
        guard let session, let data = try? message.encoded() else { return }
        try? session.updateApplicationContext([WatchMessage.userInfoKey: data])
    }

    /// Delivered at once when the watch app answers; false (and the runtime queues it) otherwise.
    func sendNow(_ message: WatchMessage) async -> Bool {
        guard let session, session.isReachable, let data = try? message.encoded() else { return false }
        return await withCheckedContinuation { continuation in
            session.sendMessage(
                [WatchMessage.userInfoKey: data],
                replyHandler: { _ in continuation.resume(returning: true) },
                errorHandler: { _ in continuation.resume(returning: false) }
            )
        }
    }

    func enqueue(_ message: WatchMessage) {
        guard let session, let data = try? message.encoded() else { return }
        session.transferUserInfo([WatchMessage.userInfoKey: data])
    }

    private func received(_ data: Data, replying: Bool) async -> Data? {
        await runtime?.watchMessageReceived(data, replying: replying)
    }
}

extension WatchConnectivityService: WCSessionDelegate {
    nonisolated func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        Task { @MainActor in await self.runtime?.watchLinkActivated() }
    }

    nonisolated func sessionDidBecomeInactive(_ session: WCSession) {}

    nonisolated func sessionDidDeactivate(_ session: WCSession) {
        // The person switched watches: talk to the new one.
        session.activate()
    }

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
