import Foundation
@testable import WaterlineKit
import WaterlineTestSupport

/// The system's Live Activities: which are on screen with what state, and which ended.
@MainActor
final class RecordingLiveActivities: LiveActivityClient {
    /// Whether the system accepts a start now (the app in front, or a Live Activity intent).
    var allowsStart: Bool
    private(set) var running: [UUID: LiveActivityState] = [:]
    private(set) var ended: [UUID: LiveActivityState?] = [:]
    private(set) var starts = 0
    private(set) var refusedStarts = 0
    private(set) var updates = 0

    init(allowsStart: Bool = true, running: [LiveActivityState] = []) {
        self.allowsStart = allowsStart
        for state in running { self.running[state.sessionId] = state }
    }

    /// The system already shows the session's Live Activity (started by an earlier process).
    static func showing(_ session: SessionUpdate) -> RecordingLiveActivities {
        RecordingLiveActivities(running: [session.liveActivityState])
    }

    func runningSessionIds() -> [UUID] { Array(running.keys) }

    func start(_ state: LiveActivityState) async -> Bool {
        guard allowsStart else {
            refusedStarts += 1
            return false
        }
        starts += 1
        running[state.sessionId] = state
        return true
    }

    func update(_ state: LiveActivityState) async {
        updates += 1
        running[state.sessionId] = state
    }

    func end(sessionId: UUID, finalState: LiveActivityState?) async {
        running[sessionId] = nil
        ended[sessionId] = finalState
    }
}
