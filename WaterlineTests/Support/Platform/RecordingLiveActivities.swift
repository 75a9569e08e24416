import Foundation
import Testing
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
/// (https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities),
/// and keeps an ended one there up to four hours unless it is dismissed
/// (https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/default).
/// Strict: a start for a session whose ended tile is still shown puts two tiles of one session on the
/// Lock Screen, and fails the test.
@MainActor
final class RecordingLiveActivities: LiveActivityClient {
    /// How long the system lets a Live Activity run.
    static let lifetime: TimeInterval = 8 * 3600

    /// Whether the system accepts a start now; nil: only while the app is in front.
    var allowsStart: Bool?
    /// Whether ending a tile the system already ended shows the final state given and dismisses it
    /// as asked (`LiveActivityTiming.dismissal`), or is ignored, the tile staying its four hours.
    /// Apple documents neither; the tests run both.
    var endsEndedTiles = true
    /// Ends asked for a tile the system had already ended.
    private(set) var endsOfEndedTiles = 0
    /// Whether the app is in front; set by whoever builds the runtime.
    var appInFront: () -> Bool = { false }
    /// The system's clock, for the eight hours; set by whoever builds the runtime.
    var now: () -> Date = { .distantPast }
    private var startedAt: [UUID: Date] = [:]
    /// When each activity the system ended stops showing (four hours after its end).
    private var endedShownUntil: [UUID: Date] = [:]
    private(set) var dismissals = 0
    private(set) var running: [UUID: SessionGlance] = [:]
    private(set) var ended: [UUID: SessionGlance?] = [:]
    private(set) var starts = 0
    private(set) var refusedStarts = 0
    private(set) var updates = 0
    /// The process's log, when the fake stands in one; alone, it only keeps what it was asked.
    var log: PlatformLog?

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
            endedShownUntil[id] = started.addingTimeInterval(Self.lifetime + 4 * 3600)
        }
        return Array(running.keys)
    }

    func endedSessionIds() -> [UUID] {
        _ = runningSessionIds()
        endedShownUntil = endedShownUntil.filter { $0.value > now() }
        return Array(endedShownUntil.keys)
    }

    func dismissEnded(sessionId: UUID) async {
        log?.record(.liveActivity, "dismiss")
        dismissals += 1
        endedShownUntil[sessionId] = nil
    }

    func start(_ state: SessionGlance) async -> Bool {
        guard allowsStart ?? appInFront() else {
            refusedStarts += 1
            return false
        }
        if endedSessionIds().contains(state.sessionId) {
            Issue.record("a second Live Activity for one session beside its ended one, still on the Lock Screen")
        }
        starts += 1
        log?.record(.liveActivity, "start")
        running[state.sessionId] = state
        startedAt[state.sessionId] = now()
        return true
    }

    func update(_ state: SessionGlance) async {
        updates += 1
        log?.record(.liveActivity, "update")
        running[state.sessionId] = state
    }

    func end(sessionId: UUID, finalState: SessionGlance?) async {
        log?.record(.liveActivity, "end")
        if running[sessionId] == nil, let shownUntil = endedShownUntil[sessionId] {
            endsOfEndedTiles += 1
            guard endsEndedTiles else { return }
            ended[sessionId] = finalState
            endedShownUntil[sessionId] = min(shownUntil, LiveActivityTiming.dismissal(endedAt: now()))
            return
        }
        running[sessionId] = nil
        startedAt[sessionId] = nil
        ended[sessionId] = finalState
    }
}
