import Foundation
import WatchConnectivity
import WaterlineCore
import WaterlineRuntime

/// The watch's end of WatchConnectivity, and its delegate. Its sync's calls go to the phone with
/// `sendMessage`, answered in the reply; a write that cannot go at once is also queued with
/// `transferUserInfo`, which the system delivers when the phone is next in reach, even with this
/// app not running. What the phone says (its records changed; who posts reminders) and whether
/// it is in reach go to the runtime.
///
/// Nothing here is main-actor isolated: WatchConnectivity calls its handlers and this delegate on
/// its own queue, so every closure handed to it is `@Sendable` in a `nonisolated` context, and
/// only plain values (bytes, a Bool) cross to the runtime on the main actor.
final class PhoneLinkService: NSObject, PhoneLink, WCSessionDelegate, Sendable {
    /// WatchConnectivity's one session, read where it is used (it is not `Sendable`, so it is not kept).
    private var session: WCSession { .default }
    /// The runtime's entry points, set before the session is activated.
    private let onMessage: @Sendable (Data) -> Void
    private let onReachability: @Sendable (Bool) -> Void

    init(onMessage: @escaping @Sendable (Data) -> Void, onReachability: @escaping @Sendable (Bool) -> Void) {
        self.onMessage = onMessage
        self.onReachability = onReachability
    }

    func activate() {
        session.delegate = self
        session.activate()
    }

    func exchange(_ message: Data, queueIfAway: Bool) async throws -> Data {
        let session = session
        let payload = [WatchMessage.userInfoKey: message]
        guard session.activationState == .activated, session.isReachable else {
            if queueIfAway { session.transferUserInfo(payload) }
            throw PhoneOutOfReach()
        }
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                session.sendMessage(payload, replyHandler: { @Sendable reply in
                    if let data = reply[WatchMessage.userInfoKey] as? Data {
                        continuation.resume(returning: data)
                    } else {
                        continuation.resume(throwing: PhoneOutOfReach())
                    }
                }, errorHandler: { @Sendable error in
                    continuation.resume(throwing: error)
                })
            }
        } catch {
            // Not delivered (the phone went out of reach): the queue carries a write instead, and
            // the phone takes each change once however often it arrives.
            if queueIfAway { session.transferUserInfo(payload) }
            throw error
        }
    }

    // MARK: WCSessionDelegate

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        // The phone's last word waits as the application context, cold launches included.
        if let context = session.receivedApplicationContext[WatchMessage.userInfoKey] as? Data { onMessage(context) }
        onReachability(session.isReachable)
    }

    func sessionReachabilityDidChange(_ session: WCSession) {
        onReachability(session.isReachable)
    }

    func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
        guard let data = applicationContext[WatchMessage.userInfoKey] as? Data else { return }
        onMessage(data)
    }

    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return }
        onMessage(data)
    }
}

/// The phone could not be reached, or did not answer.
struct PhoneOutOfReach: Error {}
