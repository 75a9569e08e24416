import Foundation
import WaterlineKit
import WidgetKit

/// Executes the kit's effects on the device: notifications, the Live Activity, widgets, the watch.
@MainActor
final class LiveEffectHandler: SessionEffectHandler {
    private let notifications: NotificationScheduler
    private let liveActivity: LiveActivityController
    /// Called after every change so the watch gets the latest snapshot (and nudges).
    var afterEffects: (@MainActor ([SessionEffect]) async -> Void)?

    init(notifications: NotificationScheduler, liveActivity: LiveActivityController) {
        self.notifications = notifications
        self.liveActivity = liveActivity
    }

    nonisolated func perform(_ effects: [SessionEffect]) async {
        await run(effects)
    }

    private func run(_ effects: [SessionEffect]) async {
        for effect in effects {
            switch effect {
            case .replaceReminders(let sessionId, let requests): await notifications.replace(sessionId: sessionId, with: requests)
            case .cancelReminders(let sessionId): await notifications.cancel(sessionId: sessionId)
            case .notifyNow(let request): await notifications.notifyNow(request)
            case .startLiveActivity(let state): liveActivity.start(state)
            case .updateLiveActivity(let state): liveActivity.update(state)
            case .endLiveActivity(let state): liveActivity.end(state)
            case .reloadWidgets: WidgetCenter.shared.reloadAllTimelines()
            }
        }
        await afterEffects?(effects)
    }
}
