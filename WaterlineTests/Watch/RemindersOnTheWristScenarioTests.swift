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
/// the watch app suspended between events and deaf to the phone coming and going, application
/// contexts delivered only when they differ from the last, requests refused while notifications
/// are not allowed, and the two systems showing a request scheduled on both under one identifier
/// once (`NotificationsSeen`).
@Suite("Scenario: every reminder on a real wrist")
@MainActor
struct RemindersOnTheWristScenarioTests {
    /// A night with the phone in a bag (locked) and the watch on the wrist, its app suspended
    /// between glances. Minutes count from 20:00.
    @MainActor
    final class Night {
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
            phone = DeviceProcess(harness, notifications: phoneCenter, watch: phoneLink)
            await phone.runtime.handle(.launched)
            watch = PairedWatch(clock: harness.clock, phone: phone.runtime)
            watch.notifications.answer = watchAllows
            seen = NotificationsSeen(phone: phoneCenter, watch: watch.notifications)
            await watch.launch()
            await watch.suspend()
        }

        var clock: TestClock { harness.clock }

        /// Moves the clock to `minutes` after 20:00 a minute at a time, both systems firing what
        /// falls due as it does.
        func at(_ minutes: Double) {
            let target = Fixed.at(minutes: minutes)
            while clock.now < target {
                clock.set(min(clock.now.addingTimeInterval(60), target))
                seen.fire(through: clock.now)
            }
        }

        /// The person does `action` on the phone (unlocked for it, locked again after); the
        /// system then hands the phone's notice to the watch, waking its app in the background.
        func onPhone(_ action: SessionAction) async throws {
            try await phone.runtime.send(action)
            await phone.settled()
            try await watch.deliverContext(from: phoneLink)
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
            phone = DeviceProcess(harness, notifications: phoneCenter, watch: phoneLink)
            await phone.runtime.handle(.launched)
            watch.link.phone = phone.runtime
            await watch.phone(reachable: true)
            await watch.link.deliverQueued()
            await phone.settled()
            try await watch.deliverContext(from: phoneLink)
        }

        /// The time reminders the night's records call for by `end`: every interval after the
        /// start and after each water, until the next water, while a log came within 90 minutes.
        func expectedTimeReminders(through end: Date) async throws -> [Date] {
            let night = try #require(try await harness.service.activeSession())
            let interval = TimeInterval(try await harness.service.settings().timeReminderIntervalMinutes * 60)
            let logs = night.logs.map(\.timestamp).sorted()
            let anchors = [night.session.startTime] + night.logs.filter { $0.type == .water }.map(\.timestamp).sorted()
            var slots: [Date] = []
            for (index, anchor) in anchors.enumerated() {
                let next = index + 1 < anchors.count ? anchors[index + 1] : end.addingTimeInterval(1)
                var slot = anchor.addingTimeInterval(interval)
                while slot < next, slot <= end {
                    let lastActivity = logs.last { $0 < slot } ?? night.session.startTime
                    if slot <= max(lastActivity, night.session.startTime).addingTimeInterval(ReminderPlanner.defaultInactivityCutoff) { slots.append(slot) }
                    slot = slot.addingTimeInterval(interval)
                }
            }
            return slots
        }
    }

    @Test("the phone starts a night, the watch learns of it and sleeps; the phone dies at 23:00 and comes back at 01:00: every reminder until 02:00 is shown once, on the wrist", arguments: [NotificationAuthorization.allowed, .denied])
    func phoneDiesAtEleven(_ phoneAllows: NotificationAuthorization) async throws {
        let night = try await Night(phoneAllows: phoneAllows)
        night.at(60)
        try await night.onPhone(.startSession)
        #expect(!night.watch.isRunning, "the watch pulled in a background task and was suspended again")
        #expect(!night.watch.notifications.pending.isEmpty, "the watch scheduled the night's reminders itself")
        night.at(95)
        try await night.onPhone(.logDrink(.quick, source: .phone))
        night.at(127)
        try await night.onPhone(.logWater(source: .phone))
        night.at(170)
        try await night.onPhone(.logDrink(.quick, source: .phone))

        night.at(180)
        await night.phoneDies()
        night.at(213)
        try await night.watch.glance(.logWater(source: .watch))
        night.at(255)
        try await night.watch.glance(.logDrink(.quick, source: .watch))
        night.at(290)
        try await night.watch.glance(.logWater(source: .watch))
        #expect(!night.watch.link.queued.isEmpty, "what the watch logged waits for the phone")

        night.at(300)
        try await night.phoneComesBack()
        if phoneAllows == .allowed {
            #expect(night.phoneCenter.pending.keys.sorted() == night.watch.notifications.pending.keys.sorted(), "the phone plans what the watch planned, under the same identifiers")
        }
        night.at(325)
        try await night.watch.glance(.logDrink(.quick, source: .watch))
        night.at(360)

        let expected = try await night.expectedTimeReminders(through: Fixed.at(minutes: 360))
        #expect(expected.count == 13)
        let shown = night.seen.timeReminders
        #expect(shown.map(\.fireDate) == expected, "each reminder the night called for, in order, once")
        #expect(Set(shown.map(\.identifier)).count == shown.count, "nothing shown twice")
        #expect(shown.allSatisfy { $0.place == .wrist }, "the phone is in a bag: every one on the wrist")
        if phoneAllows == .allowed {
            #expect(night.seen.coordinated > 0, "scheduled on both, shown once")
        } else {
            #expect(night.phoneCenter.refused > 0 && night.seen.coordinated == 0, "the phone's refused: every one from the watch")
        }
        let records = try await night.harness.service.activeSession()
        #expect(records?.logs.count == 7, "the watch's logs reached the phone, once each")
    }

    @Test("the watch app, suspended, hears no reachability change; opened, it sends what waited")
    func suspendedHearsNothing() async throws {
        let night = try await Night()
        night.at(60)
        try await night.onPhone(.startSession)
        night.watch.link.isReachable = false
        night.at(70)
        try await night.watch.glance(.logWater(source: .watch))
        let reasons = await night.watch.runtime.syncHistory().count
        await night.watch.phone(reachable: true)
        #expect(await night.watch.runtime.syncHistory().count == reasons, "suspended: nothing ran")
        #expect(try await night.harness.service.activeSession()?.logs.isEmpty == true)
        await night.watch.open()
        #expect(try await night.harness.service.activeSession()?.logs.count == 1, "opened: the water reached the phone")
    }

    @Test("only the phone's latest notice waits for a suspended watch; each differs from the last, so it is delivered, and its two copies pull once")
    func latestNoticeDelivered() async throws {
        let night = try await Night()
        night.at(60)
        try await night.phone.runtime.send(.startSession)
        for minute in [65.0, 70, 75] {
            night.at(minute)
            try await night.phone.runtime.send(.logWater(source: .phone))
        }
        await night.phone.settled()
        #expect(try await night.watch.deliverContext(from: night.phoneLink), "a context unlike the last is delivered")
        #expect(try await night.watch.runtime.reader.currentState().active?.logs.count == 3, "one delivery brings all three")
        let again = try await night.watch.deliverContext(from: night.phoneLink)
        #expect(!again, "the same context is not delivered again")
        let notice = try #require(night.phoneLink.notices.last)
        let pulls = await night.watch.runtime.syncHistory().filter { $0 == .pairedDeviceChanged }.count
        try await night.watch.phoneSays(notice)
        #expect(await night.watch.runtime.syncHistory().filter { $0 == .pairedDeviceChanged }.count == pulls, "the message copy of a notice acted on pulls nothing more")
    }

    @Test("the watch asks for its own notifications at its first night, once it is open; while it may not post, the open app shows the reminder")
    func watchAsksItsOwn() async throws {
        let night = try await Night(watchAllows: .notDetermined)
        night.watch.notifications.answerWhenAsked = .denied
        night.at(60)
        try await night.onPhone(.startSession)
        #expect(night.watch.notifications.questionsShown == 0, "no question from a background task")
        #expect(night.watch.notifications.pending.isEmpty)
        await night.watch.open()
        #expect(night.watch.notifications.questionsShown == 1, "asked when the person looks at the night")
        await night.watch.open()
        #expect(night.watch.notifications.questionsShown == 1, "once")
        // Refused: the open watch app shows each reminder as it falls due (and plays a haptic).
        let due = try #require(try await night.watch.runtime.reader.currentState().active?.reminders.requests.first)
        night.at(79)
        await night.watch.runtime.handle(.foregroundTick)
        await night.watch.settled()
        #expect(night.watch.runtime.inAppReminders.banner == nil)
        night.at(81)
        await night.watch.runtime.handle(.foregroundTick)
        await night.watch.settled()
        #expect(night.watch.runtime.inAppReminders.banner == due.content)
    }

    @Test("allowed at the question, the watch has the night's reminders pending at once")
    func watchAllowsAtTheQuestion() async throws {
        let night = try await Night(watchAllows: .notDetermined)
        night.at(60)
        try await night.onPhone(.startSession)
        await night.watch.open()
        #expect(night.watch.notifications.questionsShown == 1)
        #expect(night.watch.notifications.pending.keys.sorted() == night.phoneCenter.pending.keys.sorted())
        #expect(!night.watch.notifications.pending.isEmpty)
    }

    @Test("notifications turned on mid-night, in the system's settings: the reminders are pending at once on each device as its app next runs")
    func turnedOnMidNight() async throws {
        let night = try await Night(phoneAllows: .denied, watchAllows: .denied)
        night.at(60)
        try await night.onPhone(.startSession)
        #expect(night.phoneCenter.pending.isEmpty && night.watch.notifications.pending.isEmpty)
        night.at(70)
        night.phoneCenter.answer = .allowed
        await night.phone.runtime.handle(.becameActive)
        #expect(night.phoneCenter.pendingByDate.first?.fireDate == Fixed.at(minutes: 80), "on the phone, before any log")
        night.watch.notifications.answer = .allowed
        await night.watch.open()
        #expect(night.watch.notifications.pending.keys.sorted() == night.phoneCenter.pending.keys.sorted(), "and on the wrist, the same ones")
    }
}
