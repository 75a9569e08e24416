import Foundation
import Observation
import UserNotifications
import WatchConnectivity
import WatchKit
import WaterlineCore
import WaterlineScreens
import WidgetKit

/// The watch's end of WatchConnectivity. Each request goes one way: `sendMessage` when the phone
/// is reachable (answered by its reply), else — or when that fails — `transferUserInfo` (queued,
/// kept while the phone is away, answered by the application context). Reminders arrive as
/// messages and buzz the wrist; a refusal shows why on the watch.
@Observable
@MainActor
final class PhoneConnection: NSObject {
    let model: WatchSessionModel
    private let outgoing: Outgoing
    private let session = WCSession.default
    static let snapshotKey = "waterline.watch.snapshot"
    static var sharedDefaults: UserDefaults { UserDefaults(suiteName: "group.com.waterline.app") ?? .standard }

    override init() {
        // The model sends through `outgoing`, which points back here once init is done.
        let outgoing = Outgoing()
        self.outgoing = outgoing
        model = WatchSessionModel(send: { message in outgoing.connection?.send(message) })
        super.init()
        outgoing.connection = self
        UNUserNotificationCenter.current().delegate = self
        if let data = Self.sharedDefaults.data(forKey: Self.snapshotKey), case .snapshot(let snapshot)? = try? WatchMessage.decodeIfKnown(data) {
            model.snapshotReceived(snapshot)
        }
        session.delegate = self
        session.activate()
        WatchReminderNotifier.registerCategory()
    }

    /// One delivery path per request: straight to a reachable phone, which answers with the new
    /// snapshot (or why it refused); if that fails, or the phone is out of reach, queued with
    /// `transferUserInfo`, which survives no connection and is answered by the application context.
    fileprivate func send(_ message: WatchMessage) {
        guard let data = try? message.encoded() else { return }
        let payload = [WatchMessage.userInfoKey: data]
        WKInterfaceDevice.current().play(.click)
        guard session.isReachable else {
            session.transferUserInfo(payload)
            return
        }
        // The connection lives as long as the app; the reply is read on WatchConnectivity's
        // queue and only its bytes cross to the main actor.
        let session = session
        session.sendMessage(payload, replyHandler: { reply in
            guard let data = reply[WatchMessage.userInfoKey] as? Data else { return }
            Task { @MainActor in self.received(data) }
        }, errorHandler: { _ in
            // Not delivered (the phone went out of reach): the queue carries it instead, and the
            // phone takes each request id once, so nothing is logged twice.
            session.transferUserInfo(payload)
        })
    }

    func received(_ data: Data) {
        guard let message = try? WatchMessage.decodeIfKnown(data) else { return }
        switch message {
        case .snapshot(let snapshot):
            model.snapshotReceived(snapshot)
            Self.sharedDefaults.set(data, forKey: Self.snapshotKey)
            WidgetCenter.shared.reloadAllTimelines()
        case .reminder(let reminder):
            // A nudge that waited in the queue while the phone was away is stale by now; time
            // reminders reach the wrist by the system's mirroring, never from here.
            if WatchReminderPolicy.shouldPost(reminder, receivedAt: Date()) { WatchReminderNotifier.post(reminder) }
        case .logDrink, .logWater, .startSession, .endSession:
            break
        }
    }

    /// "Log Water" on a reminder posted by the watch.
    func logWaterFromReminder() {
        model.waterButtonTapped()
    }
}

/// Lets the model send before the connection finished initialising.
@MainActor
private final class Outgoing {
    weak var connection: PhoneConnection?
}

extension PhoneConnection: UNUserNotificationCenterDelegate {
    // The completion handlers are `@Sendable` as UserNotifications declares them; the system's
    // objects are read here and only plain values cross to the main actor.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let logsWater = response.actionIdentifier == NotificationAction.logWater.rawValue
        Task { @MainActor in
            if logsWater { self.logWaterFromReminder() }
            completionHandler()
        }
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .sound])
    }
}

extension PhoneConnection: WCSessionDelegate {
    nonisolated func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?) {
        let context = session.receivedApplicationContext[WatchMessage.userInfoKey] as? Data
        Task { @MainActor in if let context { self.received(context) } }
    }

    nonisolated func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {
        guard let data = applicationContext[WatchMessage.userInfoKey] as? Data else { return }
        Task { @MainActor in self.received(data) }
    }

    nonisolated func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        guard let data = userInfo[WatchMessage.userInfoKey] as? Data else { return }
        Task { @MainActor in self.received(data) }
    }

    nonisolated func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return }
        Task { @MainActor in self.received(data) }
    }

    /// The phone sends reminders with a reply handler, so it learns whether they arrived (and
    /// queues them when not); the empty reply says "taken".
    nonisolated func session(_ session: WCSession, didReceiveMessage message: [String: Any], replyHandler: @escaping ([String: Any]) -> Void) {
        let reply = EmptyReply(replyHandler)
        guard let data = message[WatchMessage.userInfoKey] as? Data else { return reply.send() }
        Task { @MainActor in
            self.received(data)
            reply.send()
        }
    }
}

/// WatchConnectivity's reply handler is not declared Sendable; it may be called from any thread, once.
private struct EmptyReply: @unchecked Sendable {
    private let handler: ([String: Any]) -> Void
    init(_ handler: @escaping ([String: Any]) -> Void) { self.handler = handler }
    func send() { handler([:]) }
}
