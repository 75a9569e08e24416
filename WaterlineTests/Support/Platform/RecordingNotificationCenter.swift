import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A notification center that keeps what is pending and what was posted, as the system would.
@MainActor
final class RecordingNotificationCenter: NotificationCenterClient {
    var answer: NotificationAuthorization
    private(set) var categoriesRegistered = 0
    /// Pending time reminders by identifier.
    private(set) var pending: [String: ReminderRequest] = [:]
    /// Reminders posted at once, in order.
    private(set) var posted: [ReminderRequest] = []

    var log = PlatformLog()

    init(answer: NotificationAuthorization = .allowed) {
        self.answer = answer
    }

    /// Pending reminders, soonest first.
    var pendingByDate: [ReminderRequest] { pending.values.sorted { $0.fireDate < $1.fireDate } }

    func registerCategories() { categoriesRegistered += 1 }

    func authorization() async -> NotificationAuthorization { answer }

    /// What the person answers when the system's question is shown.
    var answerWhenAsked = NotificationAuthorization.allowed
    /// How many times the system's question was shown.
    private(set) var questionsShown = 0

    /// Like the system: the question shows only while it was never answered.
    func requestAuthorization() async -> NotificationAuthorization {
        guard answer == .notDetermined else { return answer }
        questionsShown += 1
        answer = answerWhenAsked
        return answer
    }

    /// Like the app's center: only the session's time reminders are replaced; a snooze stays.
    func replacePending(sessionId: UUID, with requests: [ReminderRequest]) async {
        log.record(.reminders, "replace \(requests.count) of \(sessionId)")
        let prefix = ReminderPlanner.identifierPrefix(sessionId: sessionId)
        pending = pending.filter { !$0.key.hasPrefix(prefix) }
        for request in requests { pending[request.identifier] = request }
    }

    func cancelAll(sessionId: UUID) async {
        log.record(.reminders, "cancel all of \(sessionId)")
        pending = pending.filter { $0.value.sessionId != sessionId }
        posted.removeAll { $0.sessionId == sessionId }
    }

    func schedule(_ request: ReminderRequest) async {
        log.record(.reminders, "schedule \(request.identifier)")
        pending[request.identifier] = request
    }

    func cancelSnoozes(sessionId: UUID, answeredByWaterAt water: Date) async {
        log.record(.reminders, "cancel snoozes of \(sessionId) answered at \(water)")
        pending = pending.filter { !ReminderPlanner.snoozeIsAnswered(identifier: $0.key, sessionId: sessionId, byWaterAt: water) }
    }

    func sessionIdsWithReminders() async -> Set<UUID> {
        Set(pending.values.map(\.sessionId) + posted.map(\.sessionId))
    }

    func post(_ request: ReminderRequest) async {
        log.record(.nudge, "post \(request.kind)")
        posted.append(request)
    }
}
