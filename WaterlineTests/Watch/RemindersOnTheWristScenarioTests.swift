import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Reminders as a person wearing the watch meets them, on a platform that keeps Apple's rules:
/// the watch app suspended between events and deaf to the phone coming and going, unable to
/// message the phone unless it is in front, woken only for a delivery or the refresh it asked
/// for, application contexts delivered only when they differ from the last, requests refused
/// while notifications are not allowed, and the two systems showing a request scheduled on both
/// under one identifier once (`NotificationsSeen`, which also shows what the person meets
/// without that).
@Suite("Scenario: every reminder on a real wrist")
@MainActor
struct RemindersOnTheWristScenarioTests {
    /// A session with the phone in a bag (locked) and the watch on the wrist, its app suspended
    /// between glances. Minutes count from 20:00.
    @MainActor
    final class WristEvening {
        let harness: ServiceHarness
        /// The phone's system parts, which outlive its app's process (and a dead battery).
        let phoneCenter: RecordingNotificationCenter
        let phoneLink = RecordingWatch()
        private(set) var phone: DeviceProcess
        let watch: PairedWatch
        let seen: NotificationsSeen

        init(phoneAllows: NotificationAuthorization = .allowed, watchAllows: NotificationAuthorization = .allowed) async throws {
            harness = try await ServiceHarness.prepared()
            phoneCenter = RecordingNotificationCenter(answer: phoneAllows)
            phone = DeviceProcess(
                harness, notifications: phoneCenter, watch: phoneLink,
                expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens]
            )
            await phone.runtime.handle(.launched)
            watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .nudge, .widgets])
            watch.notifications.answer = watchAllows
            seen = NotificationsSeen(phone: phoneCenter, watch: watch.notifications)
            await watch.launch()
            await watch.suspend()
        }

        var clock: TestClock { harness.clock }

        /// Moves the clock to `minutes` after 20:00 a minute at a time, both systems firing what
        /// falls due as it does, and watchOS waking the watch app for the refresh it asked for.
        func at(_ minutes: Double) async throws {
            let target = Fixed.at(minutes: minutes)
            while clock.now < target {
                clock.set(min(clock.now.addingTimeInterval(60), target))
                seen.fire(through: clock.now)
                if try await watch.refreshIfDue() { refreshes += 1 }
            }
        }

        /// Background refreshes the watch app was woken for.
        private(set) var refreshes = 0

        /// The person does `action` on the phone (unlocked for it, locked again after); the
        /// system then hands what the phone delivered to the watch, waking its app in the background.
        func onPhone(_ action: SessionAction) async throws {
            try await phone.runtime.send(action)
            await phone.settled()
            try await watch.deliver(from: phoneLink)
        }

        /// The phone's battery dies: it says nothing to anyone; the suspended watch hears nothing.
        func phoneDies() async {
            seen.phoneIsOn = false
            await watch.phone(reachable: false)
        }

        /// The phone is on again: what the watch queued reaches a new process of the phone's app,
        /// started in the background by WatchConnectivity, which tells the watch in turn.
        func phoneComesBack() async throws {
            seen.phoneIsOn = true
            phone = DeviceProcess(harness, notifications: phoneCenter, watch: phoneLink, expecting: [.reminders, .widgets, .watch, .sync, .screens])
            await phone.runtime.handle(.launched)
            watch.link.phone = phone.runtime
            await watch.phone(reachable: true)
            await watch.link.deliverQueued()
            await phone.settled()
            try await watch.deliver(from: phoneLink)
        }

        /// The time reminders the session's records call for by `end`: every interval after the
        /// start and after each water, until the next water, while a log came within 90 minutes.
        func expectedTimeReminders(through end: Date) async throws -> [Date] {
            let snapshot = try #require(try await harness.service.activeSession())
            let interval = TimeInterval(try await harness.service.settings().timeReminderIntervalMinutes * 60)
            let logs = snapshot.logs.map(\.timestamp).sorted()
            let anchors = [snapshot.session.startTime] + snapshot.logs.filter { $0.type == .water }.map(\.timestamp).sorted()
            var slots: [Date] = []
            for (index, anchor) in anchors.enumerated() {
                let next = index + 1 < anchors.count ? anchors[index + 1] : end.addingTimeInterval(1)
                var slot = anchor.addingTimeInterval(interval)
                while slot < next, slot <= end {
                    let lastActivity = logs.last { $0 < slot } ?? snapshot.session.startTime
                    if slot <= max(lastActivity, snapshot.session.startTime).addingTimeInterval(ReminderPlanner.defaultInactivityCutoff) { slots.append(slot) }
                    slot = slot.addingTimeInterval(interval)
                }
            }
            return slots
        }
    }

    @Test("the phone starts a session, the watch learns of it and sleeps; the phone dies at 23:00 and comes back at 01:00: every reminder until 02:00 is shown once, on the wrist", arguments: [NotificationAuthorization.allowed, .denied])
    func phoneDiesAtEleven(_ phoneAllows: NotificationAuthorization) async throws {
        let evening = try await WristEvening(phoneAllows: phoneAllows)
        try await evening.at(60)
        try await evening.onPhone(.startSession)
        #expect(!evening.watch.isRunning, "the watch pulled in a background task and was suspended again")
        #expect(!evening.watch.notifications.pending.isEmpty, "the watch scheduled the session's reminders itself")
        try await evening.at(95)
        try await evening.onPhone(.logDrink(.quick, source: .phone))
        try await evening.at(127)
        try await evening.onPhone(.logWater(source: .phone))
        try await evening.at(170)
        try await evening.onPhone(.logDrink(.quick, source: .phone))

        try await evening.at(180)
        await evening.phoneDies()
        try await evening.at(213)
        try await evening.watch.glance(.logWater(source: .watch))
        try await evening.at(255)
        try await evening.watch.glance(.logDrink(.quick, source: .watch))
        try await evening.at(290)
        try await evening.watch.glance(.logWater(source: .watch))
        #expect(!evening.watch.link.queued.isEmpty, "what the watch logged waits for the phone")

        try await evening.at(300)
        try await evening.phoneComesBack()
        if phoneAllows == .allowed {
            #expect(evening.phoneCenter.pending.keys.sorted() == evening.watch.notifications.pending.keys.sorted(), "the phone plans what the watch planned, under the same identifiers")
        }
        try await evening.at(325)
        try await evening.watch.glance(.logDrink(.quick, source: .watch))
        try await evening.at(360)

        let expected = try await evening.expectedTimeReminders(through: Fixed.at(minutes: 360))
        #expect(expected.count == 13)
        let shown = evening.seen.timeReminders
        #expect(shown.map(\.fireDate) == expected, "each reminder the session called for, in order, once")
        #expect(Set(shown.map(\.identifier)).count == shown.count, "nothing shown twice")
        #expect(shown.allSatisfy { $0.place == .wrist }, "the phone is in a bag: every one on the wrist")
        if phoneAllows == .allowed {
            #expect(evening.seen.coordinated > 0, "scheduled on both, shown once")
        } else {
            #expect(evening.phoneCenter.refused > 0 && evening.seen.coordinated == 0, "the phone's refused: every one from the watch")
        }
        await evening.watch.link.deliverQueued()
        await evening.phone.settled()
        let records = try await evening.harness.service.activeSession()
        #expect(records?.logs.count == 7, "the watch's logs reached the phone, once each")
    }

    @Test("the watch app, suspended, hears no reachability change; opened, it sends what waited")
    func suspendedHearsNothing() async throws {
        let evening = try await WristEvening()
        try await evening.at(60)
        try await evening.onPhone(.startSession)
        evening.watch.link.isReachable = false
        try await evening.at(70)
        try await evening.watch.glance(.logWater(source: .watch))
        let reasons = evening.watch.runtime.syncHistory().count
        await evening.watch.phone(reachable: true)
        #expect(await evening.watch.runtime.syncHistory().count == reasons, "suspended: nothing ran")
        #expect(try await evening.harness.service.activeSession()?.logs.isEmpty == true)
        await evening.watch.open()
        #expect(try await evening.harness.service.activeSession()?.logs.count == 1, "opened: the water reached the phone")
    }

    @Test("what waits for a suspended watch is handed over at its next wake, each page once and the latest state once; a copy handed over twice changes nothing")
    func deliveriesWaitForTheWatch() async throws {
        let evening = try await WristEvening()
        try await evening.at(60)
        try await evening.phone.runtime.send(.startSession)
        for minute in [65.0, 70, 75] {
            try await evening.at(minute)
            try await evening.phone.runtime.send(.logWater(source: .phone))
        }
        await evening.phone.settled()
        let handed = try await evening.watch.deliver(from: evening.phoneLink)
        #expect(handed == 5, "the latest state and four pages (the session, three waters): \(handed)")
        #expect(try await evening.watch.runtime.reader.currentState().active?.logs.count == 3, "one wake brings all three")
        #expect(try await evening.watch.deliver(from: evening.phoneLink) == 0, "nothing is handed over twice, and an equal context not at all")
        // The same pages again (a transfer the system repeated): nothing changes, nothing is shown again.
        let reloads = evening.watch.complications.reloads, replans = evening.watch.notifications.replacements
        for page in evening.phoneLink.pagesTransferred {
            await evening.watch.runtime.handle(.phoneMessage(try WatchMessage.delivery(page).encoded()))
        }
        await evening.watch.settled()
        #expect(evening.watch.complications.reloads == reloads && evening.watch.notifications.replacements == replans)
        #expect(try await evening.watch.runtime.reader.currentState().active?.logs.count == 3)
    }

    @Test("the watch asks for its own notifications at its first session, once it is open; while it may not post, the open app shows the reminder")
    func watchAsksItsOwn() async throws {
        let evening = try await WristEvening(watchAllows: .notDetermined)
        evening.watch.notifications.answerWhenAsked = .denied
        try await evening.at(60)
        try await evening.onPhone(.startSession)
        #expect(evening.watch.notifications.questionsShown == 0, "no question from a background task")
        #expect(evening.watch.notifications.pending.isEmpty)
        await evening.watch.open()
        #expect(evening.watch.notifications.questionsShown == 1, "asked when the person looks at the session")
        await evening.watch.open()
        #expect(evening.watch.notifications.questionsShown == 1, "once")
        // Refused: the open watch app shows each reminder as it falls due (and plays a haptic).
        let due = try #require(try await evening.watch.runtime.reader.currentState().active?.reminders.requests.first)
        try await evening.at(79)
        await evening.watch.runtime.handle(.foregroundTick)
        await evening.watch.settled()
        #expect(evening.watch.runtime.inAppReminders.banner == nil)
        try await evening.at(81)
        await evening.watch.runtime.handle(.foregroundTick)
        await evening.watch.settled()
        #expect(evening.watch.runtime.inAppReminders.banner == due.content)
    }

    @Test("allowed at the question, the watch has the session's reminders pending at once")
    func watchAllowsAtTheQuestion() async throws {
        let evening = try await WristEvening(watchAllows: .notDetermined)
        try await evening.at(60)
        try await evening.onPhone(.startSession)
        await evening.watch.open()
        #expect(evening.watch.notifications.questionsShown == 1)
        #expect(evening.watch.notifications.pending.keys.sorted() == evening.phoneCenter.pending.keys.sorted())
        #expect(!evening.watch.notifications.pending.isEmpty)
    }

    @Test("notifications turned on mid-session, in the system's settings: the reminders are pending at once on each device as its app next runs")
    func turnedOnMidSession() async throws {
        let evening = try await WristEvening(phoneAllows: .denied, watchAllows: .denied)
        try await evening.at(60)
        try await evening.onPhone(.startSession)
        #expect(evening.phoneCenter.pending.isEmpty && evening.watch.notifications.pending.isEmpty)
        try await evening.at(70)
        evening.phoneCenter.answer = .allowed
        await evening.phone.runtime.handle(.becameActive)
        #expect(evening.phoneCenter.pendingByDate.first?.fireDate == Fixed.at(minutes: 80), "on the phone, before any log")
        evening.watch.notifications.answer = .allowed
        await evening.watch.open()
        #expect(evening.watch.notifications.pending.keys.sorted() == evening.phoneCenter.pending.keys.sorted(), "and on the wrist, the same ones")
    }
}
