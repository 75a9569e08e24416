import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The system's Live Activities: which are on screen with what state, and which ended.
@MainActor
final class RecordingLiveActivities: LiveActivityClient {
    /// Whether the system accepts a start now (the app in front, or a Live Activity intent).
    var allowsStart: Bool
    private(set) var running: [UUID: SessionGlance] = [:]
    private(set) var ended: [UUID: SessionGlance?] = [:]
    private(set) var starts = 0
    private(set) var refusedStarts = 0
    private(set) var updates = 0
    var log = PlatformLog()

    init(allowsStart: Bool = true, running: [SessionGlance] = []) {
        self.allowsStart = allowsStart
        for state in running { self.running[state.sessionId] = state }
    }

    /// The system already shows the session's Live Activity (started by an earlier process).
    static func showing(_ session: SessionSnapshot) -> RecordingLiveActivities {
        RecordingLiveActivities(running: [session.glance])
    }

    func runningSessionIds() -> [UUID] { Array(running.keys) }

    func start(_ state: SessionGlance) async -> Bool {
        guard allowsStart else {
            refusedStarts += 1
            return false
        }
        starts += 1
        log.record(.liveActivity, "start")
        running[state.sessionId] = state
        return true
    }

    func update(_ state: SessionGlance) async {
        updates += 1
        log.record(.liveActivity, "update")
        running[state.sessionId] = state
    }

    func end(sessionId: UUID, finalState: SessionGlance?) async {
        log.record(.liveActivity, "end")
        running[sessionId] = nil
        ended[sessionId] = finalState
    }
}
