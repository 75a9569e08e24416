import Foundation
import WatchConnectivity
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime

/// The watch's end of WatchConnectivity, and its delegate. Its sync's requests go to the phone
/// with `sendMessage`, answered in the reply, only while the phone is reachable (on watchOS: this
/// app in front); changes that cannot go so are left with `transferUserInfo`, one transfer a
/// change (the kit's `WatchTransfers` says which, and which outstanding ones a newer version
/// cancels), which the system delivers when the phone is next in reach, even with this app not
/// running. What the phone delivers (pages of its changes, its latest state as the application
/// context, the complication's transfer) and whether it is in reach go to the runtime.
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

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        let session = session
        guard session.activationState == .activated, session.isReachable else { throw PhoneOutOfReach() }
        let payload = [WatchMessage.userInfoKey: try WatchMessage.request(request).encoded()]
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
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
        guard case .answer(let answer)? = try WatchMessage.decodeIfKnown(reply) else { throw PhoneOutOfReach() }
        return answer
    }

    func transfer(_ requests: [LinkRequest], cancelling: [SyncPayload]) async {
        let session = session
        guard session.activationState == .activated else { return }
        if !cancelling.isEmpty {
            // A newer version replaces these: cancelled if the system has not delivered them yet.
            for transfer in session.outstandingUserInfoTransfers {
                guard let data = transfer.userInfo[WatchMessage.userInfoKey] as? Data,
                      case .request(.push(let batch))? = try? WatchMessage.decodeIfKnown(data),
                      batch.changes.contains(where: { cancelling.contains($0) })
                else { continue }
                transfer.cancel()
            }
        }
        for request in requests {
            guard let data = try? WatchMessage.request(request).encoded() else { continue }
            session.transferUserInfo([WatchMessage.userInfoKey: data])
        }
    }

    // MARK: WCSessionDelegate

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        // The phone's latest state waits as the application context, cold launches included.
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

    /// A page of the phone's changes, or its latest state for the complication: delivered in the
    /// background too (the app woken for a `WKWatchConnectivityRefreshBackgroundTask`).
    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        guard let data = userInfo[WatchMessage.userInfoKey] as? Data else { return }
        onMessage(data)
    }
}

/// The phone could not be reached, or did not answer.
struct PhoneOutOfReach: Error {}
