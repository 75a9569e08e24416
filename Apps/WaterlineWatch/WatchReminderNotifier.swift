import Foundation
import UserNotifications
import WatchKit
import WaterlineCore
import WaterlineScreens

/// Posts the phone's reminders on the wrist with a gentle haptic and a "Log Water" action.
enum WatchReminderNotifier {
    static func registerCategory() {
        let logWater = UNNotificationAction(identifier: NotificationAction.logWater.rawValue, title: NotificationAction.logWater.title, options: [])
        let dismiss = UNNotificationAction(identifier: NotificationAction.dismiss.rawValue, title: NotificationAction.dismiss.title, options: [])
        let category = UNNotificationCategory(identifier: NotificationAction.categoryIdentifier, actions: [logWater, dismiss], intentIdentifiers: [])
        let center = UNUserNotificationCenter.current()
        center.setNotificationCategories([category])
        center.requestAuthorization(options: [.alert, .sound]) { _, _ in }
    }

    static func post(_ reminder: ReminderRequest) {
        WKInterfaceDevice.current().play(.notification)
        let content = UNMutableNotificationContent()
        content.title = reminder.content.title
        content.body = reminder.content.body
        content.categoryIdentifier = reminder.content.categoryIdentifier
        content.threadIdentifier = reminder.content.threadIdentifier
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "watch." + reminder.identifier, content: content, trigger: nil))
    }
}
