import Foundation
import WatchConnectivity
import WaterlineKit

/// The phone's end of WatchConnectivity: logs from the watch go through the same session
/// service (source `.watch`); every change, from any surface, goes back as the latest snapshot.
final class WatchConnectivityService: NSObject, WCSessionDelegate, @unchecked Sendable {
    private let handler: WatchMessageHandler
    private let session: WCSession?

    init(handler: WatchMessageHandler) {
        self.handler = handler
        session = WCSession.isSupported() ? WCSession.default : nil
        super.init()
        session?.delegate = self
        session?.activate()
    }

    /// After any change: the newest snapshot as application context (only the latest matters).
    func pushSnapshot() async {
        guard let session, session.activationState == .activated, session.isPaired, session.isWatchAppInstalled,
              let snapshot = try? await handler.snapshot(), let data = try? WatchMessage.snapshot(snapshot).encoded()
        else { return }
        try? session.updateApplicationContext([WatchMessage.userInfoKey: data])
    }

    /// A reminder the phone just fired: queued for the watch, which buzzes and offers "Log Water".
    func forward(_ reminder: ReminderRequest) {
        guard let session, session.activationState == .activated, session.isWatchAppInstalled,
              let data = try? WatchMessage.reminder(reminder).encoded()
        else { return }
        if session.isReachable {
            session.sendMessage([WatchMessage.userInfoKey: data], replyHandler: nil) { _ in
                session.transferUserInfo([WatchMessage.userInfoKey: data])
            }
        } else {
            session.transferUserInfo([WatchMessage.userInfoKey: data])
        }
    }

    // MARK: WCSessionDelegate

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        Task { await pushSnapshot() }
    }

    func sessionDidBecomeInactive(_ session: WCSession) {}

    func sessionDidDeactivate(_ session: WCSession) {
        session.activate()
    }

    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        guard let data = userInfo[WatchMessage.userInfoKey] as? Data else { return }
        Task { _ = await receive(data) }
    }

    func session(_ session: WCSession, didReceiveMessage message: [String: Any], replyHandler: @escaping ([String: Any]) -> Void) {
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return replyHandler([:]) }
        let reply = UncheckedReply(replyHandler)
        Task {
            let answer = await receive(data)
            reply.send(answer.map { [WatchMessage.userInfoKey: $0] } ?? [:])
        }
    }

    /// Handles one message; returns the encoded snapshot reply.
    private func receive(_ data: Data) async -> Data? {
        guard let message = try? WatchMessage.decodeIfKnown(data), let reply = try? await handler.handle(message) else { return nil }
        let encoded = try? WatchMessage.snapshot(reply.snapshot).encoded()
        if let encoded { try? session?.updateApplicationContext([WatchMessage.userInfoKey: encoded]) }
        return encoded
    }
}

/// WatchConnectivity's reply handler is not marked Sendable; it may be called from any thread.
private struct UncheckedReply: @unchecked Sendable {
    let handler: ([String: Any]) -> Void
    init(_ handler: @escaping ([String: Any]) -> Void) { self.handler = handler }
    func send(_ reply: [String: Any]) { handler(reply) }
}
