import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// One device's notification center, keeping the system's rules: a request added while the
/// person has not allowed notifications is refused (`UNError.notificationsNotAllowed`), and
/// at most 64 stay pending (the soonest; the rest are dropped: Apple's Local and Remote
/// Notification Programming Guide, "Scheduling and Handling Local Notifications"). What is pending
/// fires when its time comes (`fireDue(through:)`); `NotificationsSeen` says where the person
/// sees it (https://developer.apple.com/documentation/usernotifications/unusernotificationcenter).
@MainActor
final class RecordingNotificationCenter: NotificationCenterClient {
    /// The system keeps this many pending requests per app.
    static let pendingLimit = 64

    var answer: NotificationAuthorization
    private(set) var categoriesRegistered = 0
    /// Pending time reminders by identifier.
    private(set) var pending: [String: ReminderRequest] = [:]
    /// How many times a session's reminders were handed over anew.
    private(set) var replacements = 0
    /// Reminders posted at once, in order.
    private(set) var posted: [ReminderRequest] = []
    /// Requests the system refused: notifications were not allowed when they were added.
    private(set) var refused = 0
    /// Requests dropped for being past the 64 the system keeps.
    private(set) var droppedOverLimit = 0

    /// The process's log, when the fake stands in one; alone, it only keeps what it was asked.
    var log: PlatformLog?

    init(answer: NotificationAuthorization = .allowed) {
        self.answer = answer
    }

    /// Pending reminders, soonest first.
    var pendingByDate: [ReminderRequest] { pending.values.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) } }

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
        log?.record(.reminders, "replace \(requests.count) of \(sessionId)")
        replacements += 1
        let prefix = ReminderPlanner.identifierPrefix(sessionId: sessionId)
        pending = pending.filter { !$0.key.hasPrefix(prefix) }
        for request in requests { add(request) }
    }

    func cancelAll(sessionId: UUID) async {
        log?.record(.reminders, "cancel all of \(sessionId)")
        pending = pending.filter { $0.value.sessionId != sessionId }
        posted.removeAll { $0.sessionId == sessionId }
    }

    func schedule(_ request: ReminderRequest) async {
        log?.record(.reminders, "schedule \(request.identifier)")
        add(request)
    }

    func cancelSnoozes(sessionId: UUID, answeredByWaterAt water: Date) async {
        log?.record(.reminders, "cancel snoozes of \(sessionId) answered at \(water)")
        pending = pending.filter { !ReminderPlanner.snoozeIsAnswered(identifier: $0.key, sessionId: sessionId, byWaterAt: water) }
    }

    func sessionIdsWithReminders() async -> Set<UUID> {
        Set(pending.values.map(\.sessionId) + posted.map(\.sessionId))
    }

    func post(_ request: ReminderRequest) async {
        log?.record(.nudge, "post \(request.kind)")
        guard answer == .allowed else {
            refused += 1
            return
        }
        posted.append(request)
    }

    /// The system fires what fell due by `now`: each request leaves the pending list and is
    /// returned, soonest first, for `NotificationsSeen` to show.
    func fireDue(through now: Date) -> [ReminderRequest] {
        let due = pendingByDate.filter { $0.fireDate <= now }
        for request in due { pending[request.identifier] = nil }
        return due
    }

    private func add(_ request: ReminderRequest) {
        guard answer == .allowed else {
            refused += 1
            return
        }
        pending[request.identifier] = request
        guard pending.count > Self.pendingLimit else { return }
        for late in pendingByDate.dropFirst(Self.pendingLimit) {
            pending[late.identifier] = nil
            droppedOverLimit += 1
        }
    }
}
