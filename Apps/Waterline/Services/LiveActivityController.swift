import ActivityKit
import Foundation
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The kit's `LiveActivityClient` on ActivityKit: the session's Live Activity from `SessionGlance`.
@MainActor
final class LiveActivityController: LiveActivityClient {
    func runningSessionIds() -> [UUID] {
        Activity<WaterlineActivityAttributes>.activities
            .filter { $0.activityState == .active || $0.activityState == .stale }
            .map(\.attributes.sessionId)
    }

    func endedSessionIds() -> [UUID] {
        Activity<WaterlineActivityAttributes>.activities
            .filter { $0.activityState == .ended }
            .map(\.attributes.sessionId)
    }

    func dismissEnded(sessionId: UUID) async {
        for activity in Activity<WaterlineActivityAttributes>.activities
        where activity.attributes.sessionId == sessionId && activity.activityState == .ended {
            await activity.end(nil, dismissalPolicy: .immediate)
        }
    }

    func start(_ state: SessionGlance) async -> Bool {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else { return false }
        let attributes = WaterlineActivityAttributes(sessionId: state.sessionId, startTime: state.startTime)
        do {
            // Refused in the background unless a Live Activity intent is running; the runtime
            // starts it again at the next activation.
            _ = try Activity.request(attributes: attributes, content: Self.content(state), pushType: nil)
            return true
        } catch {
            return false
        }
    }

    func update(_ state: SessionGlance) async {
        for activity in Activity<WaterlineActivityAttributes>.activities where activity.attributes.sessionId == state.sessionId {
            await activity.update(Self.content(state))
        }
    }

    func end(sessionId: UUID, finalState: SessionGlance?) async {
        for activity in Activity<WaterlineActivityAttributes>.activities where activity.attributes.sessionId == sessionId {
            // The final totals stay a short while, then go: no live-looking buttons for hours.
            await activity.end(finalState.map(Self.content), dismissalPolicy: .after(LiveActivityTiming.dismissal(endedAt: Date())))
        }
    }

    private static func content(_ state: SessionGlance) -> ActivityContent<SessionGlance> {
        ActivityContent(state: state, staleDate: LiveActivityTiming.staleDate(for: state, now: Date()))
    }
}
