import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The system's Live Activities, as ActivityKit keeps them: which are on screen with what state,
/// and which ended. A start is accepted only with the app in front (or, when a test says so, from a
/// `LiveActivityIntent` running in the app's process); the system ends an activity eight hours
/// after it started, keeping its last state on the Lock Screen
/// (https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities).
@MainActor
final class RecordingLiveActivities: LiveActivityClient {
    /// How long the system lets a Live Activity run.
    static let lifetime: TimeInterval = 8 * 3600

    /// Whether the system accepts a start now; nil: only while the app is in front.
    var allowsStart: Bool?
    /// Whether the app is in front; set by whoever builds the runtime.
    var appInFront: () -> Bool = { false }
    /// The system's clock, for the eight hours; set by whoever builds the runtime.
    var now: () -> Date = { .distantPast }
    private var startedAt: [UUID: Date] = [:]
    private(set) var running: [UUID: SessionGlance] = [:]
    private(set) var ended: [UUID: SessionGlance?] = [:]
    private(set) var starts = 0
    private(set) var refusedStarts = 0
    private(set) var updates = 0
    var log = PlatformLog()

    init(allowsStart: Bool? = nil, running: [SessionGlance] = []) {
        self.allowsStart = allowsStart
        for state in running { self.running[state.sessionId] = state }
    }

    /// The system already shows the session's Live Activity (started by an earlier process).
    static func showing(_ session: SessionSnapshot) -> RecordingLiveActivities {
        RecordingLiveActivities(running: [session.glance])
    }

    func runningSessionIds() -> [UUID] {
        // Those past their eight hours were ended by the system, showing their last state.
        for (id, started) in startedAt where now().timeIntervalSince(started) >= Self.lifetime {
            ended[id] = running[id]
            running[id] = nil
            startedAt[id] = nil
        }
        return Array(running.keys)
    }

    func start(_ state: SessionGlance) async -> Bool {
        guard allowsStart ?? appInFront() else {
            refusedStarts += 1
            return false
        }
        starts += 1
        log.record(.liveActivity, "start")
        running[state.sessionId] = state
        startedAt[state.sessionId] = now()
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
