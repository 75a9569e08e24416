import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A phone and its watch, each running the kit's runtime on its own store, the phone the watch's
/// backend over an in-memory WatchConnectivity: an evening with the phone in a bag, a locker, or
/// out of battery, and the two agreeing afterwards by the same rules as any two devices.
@Suite("Scenario: a phone and its watch, each a device of its own")
@MainActor
struct PhoneAndWatchScenarioTests {
    /// The phone's app in front, a person set up, and its watch launched beside it.
    func pair(_ settings: UserSettings = UserSettings(waterEveryNDrinks: 2)) async throws -> (ServiceHarness, DeviceProcess, PairedWatch) {
        let harness = try await ServiceHarness.prepared(settings)
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .nudge, .widgets])
        await watch.launch()
        try await watch.deliver(from: phone.watch)
        return (harness, phone, watch)
    }

    /// Both devices keep the same records, field by field, and the watch shows the phone's session.
    func expectAgreement(_ phone: DeviceProcess, _ harness: ServiceHarness, _ watch: PairedWatch, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        _ = try await watch.pulled()
        let onPhone = try await DeviceRecords(harness.store)
        let onWatch = try await DeviceRecords(watch.store)
        #expect(onPhone.sessions == onWatch.sessions, "sessions differ: phone \(onPhone), watch \(onWatch)", sourceLocation: sourceLocation)
        #expect(onPhone.logs == onWatch.logs, "logs differ: phone \(onPhone), watch \(onWatch)", sourceLocation: sourceLocation)
        #expect(onPhone.presets == onWatch.presets, sourceLocation: sourceLocation)
        #expect(onPhone.settings == onWatch.settings, sourceLocation: sourceLocation)
        #expect(try await harness.store.pendingChanges().filter { $0.failure != nil }.isEmpty, sourceLocation: sourceLocation)
        #expect(try await watch.store.pendingChanges().isEmpty, "everything the watch made reached the phone", sourceLocation: sourceLocation)
    }

    enum Reconnection: String, CaseIterable, Sendable {
        /// The messages WatchConnectivity queued arrive before the watch app syncs.
        case queueFirst
        /// The watch app syncs first; the queued copies arrive late, as duplicates.
        case syncFirst
    }

    @Test("the phone away for three hours: the watch starts a session and logs 40 times, the phone starts its own and logs 10, and they agree", arguments: Reconnection.allCases)
    func phoneAwayForHours(_ order: Reconnection) async throws {
        let (harness, phone, watch) = try await pair()
        await watch.phone(reachable: false)
        #expect(watch.notifications.pending.isEmpty, "no session yet, nothing planned")

        try await watch.runtime.send(.startSession)
        let watchSession = try #require(try await watch.runtime.reader.currentState().active)
        #expect(!watch.notifications.pending.isEmpty, "the phone is away: the watch plans the session's reminders itself")
        var phoneLogs = 0
        for index in 0..<40 {
            harness.clock.advance(minutes: 4.5)
            if index.isMultiple(of: 3) {
                try await watch.runtime.send(.logWater(source: .watch))
            } else {
                try await watch.runtime.send(.logDrink(.quick, source: .watch))
            }
            if index.isMultiple(of: 4), phoneLogs < 10 {
                // The phone, not knowing of the watch's session, starts its own.
                if index == 0 { try await phone.runtime.send(.startSession) }
                try await phone.runtime.send(.logDrink(.quick, source: .phone))
                phoneLogs += 1
            }
        }
        #expect(phoneLogs == 10)
        #expect(try await watch.runtime.reader.currentState().active?.state.totalAlcoholCount == 26, "the true count on the wrist, three hours on")
        let phoneSession = try #require(try await harness.service.activeSession())
        #expect(phoneSession.session.id != watchSession.session.id)
        #expect(!watch.link.queued.isEmpty, "the watch's writes waited in WatchConnectivity's queue")

        watch.link.isReachable = true
        switch order {
        case .queueFirst:
            await watch.link.deliverQueued()
            await watch.phone(reachable: true)
        case .syncFirst:
            await watch.phone(reachable: true)
            await watch.link.deliverQueued()
        }
        try await expectAgreement(phone, harness, watch)

        let onPhone = try await DeviceRecords(harness.store)
        #expect(onPhone.runningSessions.map(\.id) == [phoneSession.session.id], "one night out: the phone's running session absorbed the watch's")
        #expect(onPhone.liveLogs.count == 50, "nothing lost, nothing doubled")
        #expect(onPhone.liveLogs.allSatisfy { $0.sessionId == phoneSession.session.id })
        #expect(onPhone.sessions.first { $0.id == watchSession.session.id }?.deletedAt != nil, "the watch's session stays as a tombstone on both")
        let snapshot = try #require(try await harness.service.activeSession())
        #expect(snapshot.state.totalAlcoholCount == 36 && snapshot.state.totalWaterCount == 14)
        #expect(snapshot.session.startTime == watchSession.session.startTime, "the session starts when the earlier of the two started")
        #expect(!phone.notifications.pending.isEmpty)
        #expect(Set(watch.notifications.pending.keys) == Set(phone.notifications.pending.keys), "the same reminders on both, under the same identifiers: each shows once")
    }

    @Test("every message delivered twice (a lost reply sent again, a queued copy arriving too): each log once")
    func deliveredTwice() async throws {
        let (harness, phone, watch) = try await pair()
        let waiting = try await harness.store.pendingChanges().count
        watch.link.deliversTwice = true
        try await watch.runtime.send(.startSession)
        for _ in 0..<6 {
            harness.clock.advance(minutes: 10)
            try await watch.runtime.send(.logWater(source: .watch))
            try await watch.runtime.send(.logDrink(.quick, source: .watch))
        }
        await watch.settled()
        try await expectAgreement(phone, harness, watch)
        let snapshot = try #require(try await harness.service.activeSession())
        #expect(snapshot.logs.count == 12 && snapshot.state.totalAlcoholCount == 6 && snapshot.state.totalWaterCount == 6)
        #expect(phone.liveActivities.running[snapshot.session.id]?.totalWaterCount == 6, "the session started on the watch has its Live Activity on the phone")
        #expect(try await harness.store.pendingChanges().count == waiting + 13, "each change queued once for the cloud: the session and its 12 logs")
    }

    @Test("a session ended on the phone while the watch, out of reach, logs on: the log is kept in that session and the watch's session ends too")
    func endedOnThePhoneWhileTheWatchLogs() async throws {
        let (harness, phone, watch) = try await pair()
        try await phone.runtime.send(.startSession)
        harness.clock.advance(minutes: 5)
        try await phone.runtime.send(.logDrink(.quick, source: .phone))
        let snapshot = try #require(try await watch.pulled().active)
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 30)
        try await phone.runtime.send(.endSession())
        harness.clock.advance(minutes: 5)
        let late = try await watch.runtime.send(.logWater(source: .watch))
        #expect(try await watch.runtime.reader.currentState().active?.session.id == snapshot.session.id, "the watch does not know yet")

        await watch.phone(reachable: true)
        try await expectAgreement(phone, harness, watch)
        #expect(try await watch.runtime.reader.currentState().active == nil, "the session ended on the wrist too")
        let ended = try await harness.service.session(id: snapshot.session.id)
        let lateLog = try #require(late.changedLog)
        #expect(!ended.session.isActive && ended.logs.map(\.id).contains(lateLog.id))
        #expect(watch.notifications.pending.isEmpty && phone.notifications.pending.isEmpty, "no reminders for an ended session, anywhere")
    }

    @Test("a session ended on the watch while the phone logs on: the phone's later log stays, the session ends everywhere")
    func endedOnTheWatchWhileThePhoneLogs() async throws {
        let (harness, phone, watch) = try await pair()
        try await watch.runtime.send(.startSession)
        await watch.settled()
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 40)
        try await watch.runtime.send(.endSession())
        harness.clock.advance(minutes: 2)
        let phoneLog = try await phone.runtime.send(.logWater(source: .phone))
        await watch.phone(reachable: true)
        try await expectAgreement(phone, harness, watch)
        #expect(try await harness.service.activeSession() == nil)
        let phoneLogId = try #require(phoneLog.changedLog?.id)
        #expect(try await DeviceRecords(watch.store).liveLogs.map(\.id) == [phoneLogId])
    }

    @Test("settings changed on both while apart: each device's change survives, setting by setting")
    func settingsOnBoth() async throws {
        let (harness, phone, watch) = try await pair()
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 1)
        var onWatch = try await watch.runtime.reader.currentState().settings
        onWatch.waterEveryNDrinks = 3
        try await watch.runtime.send(.updateSettings(onWatch))
        harness.clock.advance(minutes: 1)
        var onPhone = try await phone.runtime.reader.currentState().settings
        onPhone.warningThreshold = 5
        try await phone.runtime.send(.updateSettings(onPhone))
        await watch.phone(reachable: true)
        try await expectAgreement(phone, harness, watch)
        let settings = try await phone.runtime.reader.currentState().settings
        #expect(settings.waterEveryNDrinks == 3 && settings.warningThreshold == 5)
        #expect(try await watch.runtime.reader.currentState().settings == settings)
    }

    @Test("a preset deleted on the phone is deleted on the watch; the watch's late edit does not bring it back")
    func deletesStayDeleted() async throws {
        let (harness, phone, watch) = try await pair()
        let beer = try await harness.presetNamed("Beer")
        await watch.phone(reachable: false)
        harness.clock.advance(minutes: 1)
        try await phone.runtime.send(.deletePreset(id: beer.id))
        harness.clock.advance(minutes: 1)
        var renamed = beer
        renamed.name = "Lager"
        try await watch.runtime.send(.editPreset(renamed))
        await watch.phone(reachable: true)
        try await expectAgreement(phone, harness, watch)
        #expect(try await watch.runtime.reader.currentState().presets.contains { $0.id == beer.id } == false)
    }

    @Test("both devices schedule the session's reminders under the same identifiers; a drink's nudge is posted only where it was logged")
    func sameRemindersOnBoth() async throws {
        let (harness, phone, watch) = try await pair()
        try await phone.runtime.send(.startSession)
        try await watch.deliver(from: phone.watch)
        #expect(!phone.notifications.pending.isEmpty)
        #expect(phone.notifications.pending.keys.sorted() == watch.notifications.pending.keys.sorted())
        // A drink logged on the wrist buzzes the wrist; one logged on the phone, the phone (mirrored to the wrist).
        harness.clock.advance(minutes: 3)
        try await watch.runtime.send(.logDrink(.quick, source: .watch))
        harness.clock.advance(minutes: 1)
        try await watch.runtime.send(.logDrink(.quick, source: .watch))
        await watch.settled()
        #expect(watch.notifications.posted.map(\.kind) == [.pacingWarning])
        #expect(phone.notifications.posted.isEmpty, "the phone does not post what the watch logged")
        harness.clock.advance(minutes: 1)
        try await phone.runtime.send(.logDrink(.quick, source: .phone))
        try await watch.deliver(from: phone.watch)
        #expect(phone.notifications.posted.count == 1)
        #expect(watch.notifications.posted.count == 1, "the watch does not post what the phone logged")
        #expect(phone.notifications.pending.keys.sorted() == watch.notifications.pending.keys.sorted())

        // The phone's notifications turned off: nothing moves on the wrist, which schedules its own.
        phone.notifications.answer = .denied
        harness.clock.advance(minutes: 1)
        try await phone.runtime.send(.logWater(source: .phone))
        try await watch.deliver(from: phone.watch)
        #expect(watch.notifications.pendingByDate.first?.fireDate == harness.clock.now.addingTimeInterval(20 * 60), "re-planned from the water the phone logged")
    }

    @Test("the watch on its own: a whole session from start to summary with no phone in reach")
    func watchAlone() async throws {
        let clock = TestClock()
        let watch = PairedWatch(clock: clock, phone: nil, phoneReachable: false, expecting: [.reminders, .nudge, .widgets])
        await watch.launch()
        await watch.screen.appeared()
        #expect(!watch.screen.display.hasSession && watch.screen.presets.count == 5, "the starter presets, with no phone ever seen")

        await watch.screen.startSessionTapped()
        #expect(watch.screen.display.hasSession)
        #expect(watch.screen.startedNote == "Your iPhone's Lock Screen shows the session once you open Waterline there.")
        #expect(!watch.notifications.pending.isEmpty, "time reminders planned on the wrist")
        clock.advance(minutes: 10)
        let double = try #require(watch.screen.presets.first { $0.name == "Double" })
        await watch.screen.presetTapped(double)
        #expect(watch.notifications.posted.map(\.kind) == [.pacingWarning], "the nudge buzzes on the wrist")
        #expect(watch.screen.display.waterlineValue == 2 && watch.screen.display.isWarning)
        clock.advance(minutes: 10)
        await watch.screen.waterButtonTapped()
        clock.advance(minutes: 10)
        await watch.screen.waterButtonTapped()
        await watch.settled()
        #expect(watch.screen.display.drinks == 1 && watch.screen.display.water == 2 && watch.screen.display.waterlineValue == 0)
        #expect(watch.screen.unsent == 9, "the starter presets, the session and its three logs wait for the phone")
        #expect(watch.screen.display.accessibilityLabel == "Waterline 0, at center. 1 drink, 2 water. 9 changes not on your iPhone yet")

        watch.screen.endSessionButtonTapped()
        await watch.screen.endSessionConfirmed()
        let summary = try #require(watch.screen.summary)
        #expect(summary.totalAlcoholCount == 1 && summary.totalStandardDrinks == 2 && summary.totalWaterCount == 2)
        #expect(summary.durationSeconds == 30 * 60)
        #expect(watch.notifications.pending.isEmpty, "nothing more after the session ends")
        #expect(watch.screen.problemMessage == nil)
    }

    @Test("a reminder's Log Water, then Remind Me in 10 Min, on the watch with its app not running: each works on a cold launch, the water reaches the phone")
    func coldLaunchLogWater() async throws {
        let (harness, phone, watch) = try await pair()
        try await watch.runtime.send(.startSession)
        await watch.settled()
        await watch.phone(reachable: false)
        let reminder = try #require(watch.notifications.pendingByDate.first)
        harness.clock.advance(minutes: 20)

        // The system starts the watch app in the background for the action: a new process on the same store.
        let woken = PairedWatch(
            clock: harness.clock, phone: phone.runtime, phoneReachable: true, store: watch.store, ledger: watch.ledger, firstID: 0x20_0000,
            expecting: [.reminders, .widgets]
        )
        let response = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: reminder.identifier)
        await woken.runtime.handle(.notificationResponse(response))
        await woken.runtime.handle(.notificationResponse(response))
        await woken.settled()
        let snapshot = try #require(try await woken.runtime.reader.currentState().active)
        #expect(snapshot.logs.count == 1 && snapshot.logs.first?.source == .watch && snapshot.state.totalWaterCount == 1)
        #expect(woken.background.open.isEmpty)
        #expect(woken.link.refusedInBackground > 0 && woken.link.messages == 0, "a watch app out of the front cannot message its phone")
        #expect(woken.link.queuedChanges.map(\.key) == [SyncKey(entity: .logEntry, id: snapshot.logs.first?.id)], "the water is transferred, once, before the background time ended")
        await woken.link.deliverQueued()
        await phone.settled()
        #expect(try await harness.service.activeSession()?.state.totalWaterCount == 1, "the phone takes it when the system delivers it")
        #expect(phone.liveActivities.running.values.first?.totalWaterCount == 1, "and the phone's surfaces follow")
        try await watch.deliver(from: phone.watch)
        #expect(try await watch.sync.transferred().isEmpty, "the phone's delivery says it took the water: it is never transferred again")
        #expect(try await watch.store.pendingChanges().isEmpty)

        // "Remind Me in 10 Min" on the next one, the app again not running: the wrist buzzes again in ten minutes.
        let snoozed = PairedWatch(
            clock: harness.clock, phone: phone.runtime, phoneReachable: false, store: watch.store, ledger: watch.ledger, firstID: 0x30_0000,
            expecting: [.reminders]
        )
        await snoozed.runtime.handle(.notificationResponse(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: reminder.identifier)
        ))
        let snooze = try #require(snoozed.notifications.pending.values.first { $0.identifier.hasPrefix(ReminderPlanner.snoozePrefix(sessionId: snapshot.session.id)) })
        #expect(snooze.fireDate == harness.clock.now.addingTimeInterval(10 * 60))
        #expect(snoozed.background.open.isEmpty)
    }

    @Test("the phone erased (Delete Account, or set up anew): the watch erases its own and takes the phone's")
    func phoneErased() async throws {
        let (harness, phone, watch) = try await pair()
        try await watch.runtime.send(.startSession)
        await watch.settled()
        #expect(try await harness.service.activeSession() != nil)
        try await phone.runtime.send(.deleteAllData)
        _ = try await watch.pulled()
        #expect(try await watch.runtime.reader.currentState().active == nil)
        try await expectAgreement(phone, harness, watch)
    }

    @Test("a new iPhone (not an erased one): what the watch logged away from the old one goes to the new one's person, nothing lost")
    func newPhone() async throws {
        let (harness, _, watch) = try await pair()
        await watch.phone(reachable: false)
        try await watch.runtime.send(.startSession)
        for _ in 0..<3 {
            harness.clock.advance(minutes: 10)
            try await watch.runtime.send(.logWater(source: .watch))
        }
        // The old phone is gone; the watch is paired with a new one, set up on its own.
        let fresh = try await ServiceHarness.prepared(firstID: 0x50_0000)
        fresh.clock.set(harness.clock.now)
        #expect(try await fresh.store.user()?.id != harness.store.user()?.id, "another person")
        let newPhone = DeviceProcess(fresh, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        await newPhone.runtime.handle(.launched)
        watch.link.phone = newPhone.runtime
        await watch.phone(reachable: true)
        _ = try await watch.pulled()
        let snapshot = try #require(try await fresh.service.activeSession(), "the watch's session reached the new phone")
        #expect(snapshot.logs.count == 3 && snapshot.state.totalWaterCount == 3)
        #expect(try await watch.store.pendingChanges().isEmpty)
        #expect(try await watch.runtime.reader.currentState().active?.logs.count == 3, "and stays on the wrist")
    }

    @Test("signed in: what the watch logged with the phone away reaches the cloud through the phone's outbox, once")
    func throughToTheCloud() async throws {
        let pair = try await SignedInPair(UserSettings(waterEveryNDrinks: 2))
        let (cloudStore, harness, phone, watch, clock) = (pair.cloudStore, pair.harness, pair.phone, pair.watch, pair.harness.clock)
        try await watch.runtime.send(.startSession)
        for index in 0..<12 {
            clock.advance(minutes: 6)
            try await watch.runtime.send(index.isMultiple(of: 3) ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
        }
        await watch.phone(reachable: true)
        await phone.settled()
        try await expectAgreement(phone, harness, watch)
        let onPhone = try await DeviceRecords(harness.store)
        let inCloud = try await DeviceRecords(cloudStore)
        #expect(inCloud.logs == onPhone.logs && inCloud.sessions == onPhone.sessions && inCloud.presets == onPhone.presets)
        #expect(inCloud.liveLogs.count == 12)
        #expect(try await harness.store.pendingChanges().isEmpty, "the phone's outbox emptied into the cloud")
    }
}
