import Foundation
import UserNotifications
import WaterlineKit

/// Carries out the reminder effects with UNUserNotificationCenter, and answers "Log Water".
@MainActor
final class NotificationScheduler: NSObject, UNUserNotificationCenterDelegate {
    private let center = UNUserNotificationCenter.current()
    /// Logs water when the person taps "Log Water"; set by the app's wiring.
    var logWaterFromNotification: (@MainActor () async -> Void)?
    /// Shows a reminder as an in-app banner while the app is open.
    var showInAppBanner: (@MainActor (NotificationContent) -> Void)?

    override init() {
        super.init()
        center.delegate = self
        let logWater = UNNotificationAction(identifier: NotificationAction.logWater.rawValue, title: NotificationAction.logWater.title, options: [])
        let dismiss = UNNotificationAction(identifier: NotificationAction.dismiss.rawValue, title: NotificationAction.dismiss.title, options: [.destructive])
        let category = UNNotificationCategory(
            identifier: NotificationAction.categoryIdentifier, actions: [logWater, dismiss], intentIdentifiers: [],
            options: [.customDismissAction]
        )
        center.setNotificationCategories([category])
    }

    /// Asks for permission; returns whether reminders may be shown.
    func requestPermission() async -> Bool {
        (try? await center.requestAuthorization(options: [.alert, .sound, .badge])) ?? false
    }

    func isAllowed() async -> Bool? {
        switch await center.notificationSettings().authorizationStatus {
        case .authorized, .provisional, .ephemeral: true
        case .denied: false
        case .notDetermined: nil
        @unknown default: nil
        }
    }

    func replace(sessionId: UUID, with requests: [ReminderRequest]) async {
        await removePending(sessionId: sessionId)
        for request in requests { await schedule(request) }
    }

    func cancel(sessionId: UUID) async {
        await removePending(sessionId: sessionId)
        let thread = sessionId.uuidString.lowercased()
        let delivered = await center.deliveredNotifications().filter { $0.request.content.threadIdentifier == thread }
        center.removeDeliveredNotifications(withIdentifiers: delivered.map(\.request.identifier))
    }

    func notifyNow(_ request: ReminderRequest) async {
        await schedule(request, immediately: true)
    }

    private func removePending(sessionId: UUID) async {
        let prefix = ReminderPlanner.identifierPrefix(sessionId: sessionId)
        let pending = await center.pendingNotificationRequests().map(\.identifier).filter { $0.hasPrefix(prefix) }
        center.removePendingNotificationRequests(withIdentifiers: pending)
    }

    private func schedule(_ request: ReminderRequest, immediately: Bool = false) async {
        let content = UNMutableNotificationContent()
        content.title = request.content.title
        content.body = request.content.body
        content.categoryIdentifier = request.content.categoryIdentifier
        content.threadIdentifier = request.content.threadIdentifier
        content.sound = .default
        // The expanded view (the content extension) shows the full text from here.
        content.userInfo = ["detailTitle": request.content.detailTitle, "detailBody": request.content.detailBody, "kind": request.kind.rawValue]
        let interval = max(1, request.fireDate.timeIntervalSinceNow)
        let trigger = immediately ? nil : UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: false)
        try? await center.add(UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger))
    }

    // MARK: UNUserNotificationCenterDelegate

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        let content = notification.request.content
        let detail = NotificationContent(
            title: content.title, body: content.body,
            detailTitle: content.userInfo["detailTitle"] as? String ?? content.title,
            detailBody: content.userInfo["detailBody"] as? String ?? content.body,
            categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier
        )
        await presentInApp(detail)
        return []
    }

    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard response.actionIdentifier == NotificationAction.logWater.rawValue else { return }
        await logWater()
    }

    private func presentInApp(_ content: NotificationContent) {
        showInAppBanner?(content)
    }

    private func logWater() async {
        await logWaterFromNotification?()
    }
}
