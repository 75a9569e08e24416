import ActivityKit
import Foundation
import WaterlineKit

/// Starts, updates and ends the session's Live Activity from the kit's `LiveActivityState`.
@MainActor
final class LiveActivityController {
    func start(_ state: LiveActivityState) {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else { return }
        if Activity<WaterlineActivityAttributes>.activities.contains(where: { $0.attributes.sessionId == state.sessionId }) {
            return update(state)
        }
        let attributes = WaterlineActivityAttributes(sessionId: state.sessionId, startTime: state.startTime)
        _ = try? Activity.request(attributes: attributes, content: content(state), pushType: nil)
    }

    func update(_ state: LiveActivityState) {
        for activity in Activity<WaterlineActivityAttributes>.activities where activity.attributes.sessionId == state.sessionId {
            Task { await activity.update(content(state)) }
        }
    }

    func end(_ state: LiveActivityState) {
        for activity in Activity<WaterlineActivityAttributes>.activities where activity.attributes.sessionId == state.sessionId {
            Task { await activity.end(content(state), dismissalPolicy: .default) }
        }
    }

    private func content(_ state: LiveActivityState) -> ActivityContent<LiveActivityState> {
        ActivityContent(state: state, staleDate: Date().addingTimeInterval(LiveActivityState.staleAfter))
    }
}
