import Foundation
import WaterlineCore

/// One thing the system or the app must do after an event: the consequence plan's vocabulary,
/// each case one call the executor makes.
public enum Consequence: Hashable, Sendable {
    /// The per-drink reminder or the pacing warning, as a notification now.
    case postNudge(ReminderRequest)
    /// The same in the app's banner (notifications are off, the app is open).
    case showBanner(NotificationContent)
    /// The in-app banner whose "Log Water" made the change goes.
    case dismissBanner
    /// "Remind Me in 10 Min": one reminder beside the plan.
    case scheduleSnooze(ReminderRequest)
    /// Every reminder of a session no longer running goes.
    case cancelReminders(sessionId: UUID)
    /// A water logged since a snooze answers it.
    case cancelSnoozes(sessionId: UUID, answeredByWaterAt: Date)
    /// Asks the person to allow this device's notifications (the system's question; the watch
    /// asks at its first session, as it has no onboarding of its own).
    case askForNotifications
    /// The running session's time reminders, as planned now. Phone and watch both schedule them,
    /// under the same identifiers, and the system shows each once.
    case replaceReminders(sessionId: UUID, requests: [ReminderRequest])
    case startLiveActivity(SessionGlance)
    /// Takes a session's ended activity (iOS ended it at its eighth hour) off the Lock Screen before
    /// a new one starts for it, so the session never shows two tiles, one of them stale.
    case dismissEndedLiveActivity(sessionId: UUID)
    case updateLiveActivity(SessionGlance)
    /// Ends a session's Live Activity, showing its final state when known.
    case endLiveActivity(sessionId: UUID, final: SessionGlance?)
    /// The widgets (or the watch's complications) show this now: reloaded once, when what they
    /// show changed.
    case reloadWidgets(WidgetSnapshot)
    /// Delivers to the paired watch what it lacks of the phone's feed and, with `latest`, the
    /// latest of what the wrist needs (`WatchDeliveries`); with `complication`, that latest state
    /// goes as the complication's transfer too, within the day's budget.
    case deliverToWatch(latest: Bool, complication: Bool)
    /// Asks the system to wake this app in the background at the session's next boundary (the watch).
    case scheduleRefresh(at: Date)
    /// Tells the app's process that this extension wrote to the shared store.
    case signalOtherProcesses
    case sync(SyncTiming)
    /// The reminder's category with its "Log Water" action, registered before any notification
    /// response can arrive.
    case registerNotificationCategories
    /// The link to the paired watch is opened (the phone's app), so its messages reach this process.
    case activateWatchLink
    /// Apple Health's writer catches up with the store (`HealthWriter`: nothing while Health is off).
    case writeHealth
    /// The open screens show the change.
    case refreshScreens(StoreChange)
    /// What follows `event`, planned once the steps before it are done, from what the system says
    /// then: after the notification question, what the person's answer allows.
    indirect case thenFollow(RuntimeEvent)
}
