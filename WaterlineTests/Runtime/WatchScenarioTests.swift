import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A tap on the watch while the phone app is not running: WatchConnectivity wakes the app in
/// the background and delivers the queued message.
@Suite("Scenario: a watch log with the phone app not running")
@MainActor
struct WatchScenarioTests {
    func message(_ message: WatchMessage) throws -> Data { try message.encoded() }

    func reply(_ data: Data?) throws -> WatchSnapshot {
        guard case .snapshot(let snapshot)? = try WatchMessage.decodeIfKnown(try #require(data)) else {
            Issue.record("the reply is not a snapshot")
            throw CancellationError()
        }
        return snapshot
    }

    @Test("the drink lands in its session, the per-drink reminder fires on both devices, the watch gets the snapshot")
    func perDrinkReminder() async throws {
        let (harness, started) = try await ServiceHarness.night()
        let beer = try await harness.presetNamed("Beer")
        harness.clock.advance(minutes: 5)
        let phone = DeviceProcess(harness, watch: RecordingWatch(isReachable: true))
        phone.runtime.launched()

        let request = WatchLogRequest(id: UUID(number: 0xD1), timestamp: harness.clock.now, presetId: beer.id, sessionId: started.session.id)
        let answer = try reply(await phone.runtime.watchMessageReceived(try message(.logDrink(request)), replying: true))

        let log = try #require(try await harness.store.log(id: request.id))
        #expect(log.sessionId == started.session.id && log.source == .watch && log.alcoholMeta?.standardDrinkEstimate == 1)
        let nudge = try #require(phone.notifications.posted.first)
        #expect(nudge.kind == .perDrink && phone.notifications.posted.count == 1)
        #expect(phone.watch.reminders.isEmpty, "the posted notification reaches the wrist by mirroring: one buzz, not two")
        #expect(answer.logIds.contains(request.id) && answer.session?.totalAlcoholCount == 1 && answer.session?.waterlineValue == 1)
        #expect(phone.liveActivities.running[started.session.id]?.totalAlcoholCount == 1)
        #expect(phone.widgets.reloads == 1)
        #expect(phone.watch.contextUpdates == 0, "one answer: the reply carries the snapshot, no application context besides")
        #expect(phone.background.begun == ["watch message"] && phone.background.open.isEmpty)
        await phone.settled()
        #expect(phone.sync.pushes == 1, "pushed before the background time was handed back")

        // The same message again (sendMessage and transferUserInfo both arrive): applied once.
        let again = try reply(await phone.runtime.watchMessageReceived(try message(.logDrink(request)), replying: true))
        #expect(again.session?.totalAlcoholCount == 1)
        #expect(phone.notifications.posted.count == 1 && phone.watch.reminders.isEmpty)
        #expect(try await harness.store.logs(sessionId: started.session.id).count == 1)
    }

    @Test("with the phone's notifications off, a double past the threshold sends the pacing warning to the watch, queued while out of reach")
    func pacingWarningQueued() async throws {
        var settings = UserSettings()
        settings.waterEveryNDrinks = 3
        let harness = try await ServiceHarness.prepared(settings)
        let started = try await harness.service.startSession().night
        let double = try await harness.presetNamed("Double")
        let phone = DeviceProcess(harness, notifications: RecordingNotificationCenter(answer: .denied), watch: RecordingWatch(isReachable: false))
        phone.runtime.launched()
        let request = WatchLogRequest(id: UUID(number: 0xD2), timestamp: harness.clock.now, presetId: double.id, sessionId: started.session.id)
        _ = await phone.runtime.watchMessageReceived(try message(.logDrink(request)), replying: false)
        #expect(phone.notifications.posted.isEmpty, "the phone could not post it")
        #expect(phone.watch.sent.isEmpty)
        #expect(phone.watch.reminders.map(\.kind) == [.pacingWarning], "so the watch posts it: still one buzz")
        #expect(phone.watch.snapshot?.session?.isWarning == true)
    }

    @Test("a log queued while the phone was away lands in its own night, after that night ended")
    func rightSession() async throws {
        let harness = try await ServiceHarness.prepared()
        let first = try await harness.service.startSession().night
        harness.clock.advance(minutes: 30)
        _ = try await harness.service.endSession()
        harness.clock.advance(minutes: 60)
        let second = try await harness.service.startSession().night
        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        let late = WatchLogRequest(id: UUID(number: 0xD3), timestamp: Fixed.at(minutes: 20), sessionId: first.session.id)
        _ = await phone.runtime.watchMessageReceived(try message(.logWater(late)), replying: true)
        #expect(try await harness.store.log(id: late.id)?.sessionId == first.session.id)
        #expect(try await harness.service.session(id: first.session.id).session.computedSummary?.totalWaterCount == 1)
        #expect(try await harness.store.logs(sessionId: second.session.id).isEmpty)
        #expect(phone.notifications.posted.isEmpty, "an ended night nudges nobody")
    }

    @Test("a session started from the watch in the background gets its Live Activity at the next activation")
    func startFromWatch() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, liveActivities: RecordingLiveActivities(allowsStart: false))
        phone.runtime.launched()
        let answer = try reply(await phone.runtime.watchMessageReceived(try message(.startSession(requestId: UUID(number: 0xE1))), replying: true))
        let sessionId = try #require(answer.session?.sessionId)
        #expect(phone.liveActivities.refusedStarts == 1 && phone.liveActivities.running.isEmpty)
        #expect(!phone.notifications.pending.isEmpty, "the session's time reminders are planned at once")

        phone.liveActivities.allowsStart = true
        await phone.runtime.becameActive()
        #expect(phone.liveActivities.running[sessionId] != nil, "never silently missing")
        #expect(phone.liveActivities.starts == 1)
        // A later activation does not start a second one.
        await phone.runtime.becameActive()
        #expect(phone.liveActivities.starts == 1)
    }

    @Test("a Start tapped on the watch long ago, delivered when the phone came back, starts nothing and tells the watch why; a fresh tap starts the night")
    func lateStartFromWatch() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        let tappedAt = harness.clock.now
        harness.clock.advance(minutes: 180)
        let late = WatchMessage.startSession(requestId: UUID(number: 0xE2), requestedAt: tappedAt)
        let refused = try reply(await phone.runtime.watchMessageReceived(try message(late), replying: true))
        #expect(refused.session == nil)
        #expect(refused.refusals.map(\.requestId) == [UUID(number: 0xE2)])
        #expect(refused.refusals.first?.problem == .tooLate)
        #expect(try await harness.store.activeSession() == nil, "no night starts from a tap hours ago")
        #expect(phone.notifications.pending.isEmpty && phone.liveActivities.starts == 0)

        // Delivered again (transferUserInfo after sendMessage): still refused, still nothing started.
        _ = await phone.runtime.watchMessageReceived(try message(late), replying: false)
        #expect(try await harness.store.activeSession() == nil)

        let fresh = WatchMessage.startSession(requestId: UUID(number: 0xE3), requestedAt: harness.clock.now.addingTimeInterval(-60))
        let started = try reply(await phone.runtime.watchMessageReceived(try message(fresh), replying: true))
        #expect(started.session != nil)
        #expect(try await harness.store.activeSession()?.id == started.session?.sessionId)
    }

    @Test("an unreadable or unknown message is ignored and writes nothing")
    func badMessages() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let phone = DeviceProcess(harness)
        #expect(await phone.runtime.watchMessageReceived(Data("{not json".utf8), replying: false) == nil)
        #expect(await phone.runtime.watchMessageReceived(Data(#"{"version":9,"kind":"teleport","payload":{}}"#.utf8), replying: false) == nil)
        #expect(phone.widgets.reloads == 0 && phone.background.open.isEmpty)
        #expect(await phone.runtime.watchMessageReceived(Data("{not json".utf8), replying: true) == nil)
    }
}
