import Foundation
import WatchKit
import WaterlineRuntime

/// The kit's `BackgroundRefreshScheduling` on WatchKit: the runtime asks for the session's next
/// boundary (a series of reminders running out, the session going quiet, a complication reload held
/// for the budget), and the system starts the app in the background at or after it, handing
/// `WatchAppDelegate` a `WKApplicationRefreshBackgroundTask`.
@MainActor
final class WatchRefreshScheduler: BackgroundRefreshScheduling {
    func schedule(at date: Date) {
        // The system calls the completion on a queue of its own: it must not be main-actor isolated.
        WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil, scheduledCompletion: { @Sendable _ in })
    }
}
