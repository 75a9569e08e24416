import Foundation
import UserNotifications
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// `UNUserNotificationCenter`'s delegate, set before launch finishes. It reads what it needs
/// from the system's objects on the calling thread, hands plain values to the runtime on the
/// main actor, and calls the `@Sendable` completion handler (which lets the system suspend the
/// app again) only once the runtime's work is saved.
final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let runtime: AppRuntime

    init(runtime: AppRuntime) {
        self.runtime = runtime
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let content = NotificationContent(notification.request.content)
        let runtime = runtime
        Task { @MainActor in
            completionHandler(runtime.notificationWillPresent(content) ? [.banner, .sound] : [])
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let received = NotificationResponse(actionIdentifier: response.actionIdentifier, requestIdentifier: response.notification.request.identifier)
        let runtime = runtime
        Task { @MainActor in
            await runtime.notificationResponseReceived(received)
            completionHandler()
        }
    }
}
