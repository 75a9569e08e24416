import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The wrist hears the phone without asking: on the strict link (a watch app out of the front
/// cannot message its phone), everything the phone changes is delivered to the suspended watch,
/// which plans its reminders and face from what arrived, and everything the watch changes reaches
/// the phone by transfer, each change once, acknowledged.
@Suite("Scenario: the phone delivers, the wrist never has to ask")
@MainActor
struct DeliveredToTheWristScenarioTests {
    /// A phone (locked, in a bag) and its watch, whose app was launched once and is suspended.
    @MainActor
    final class Pair {
        let harness: ServiceHarness
        let phone: DeviceProcess
        let watch: PairedWatch
        /// The watch's messages when it was suspended: none may follow.
        let messagesBefore: Int

        init(_ settings: UserSettings = UserSettings(), openWatch: Bool = true) async throws {
            harness = try await ServiceHarness.prepared(settings)
            phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens])
            await phone.runtime.handle(.launched)
            watch = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: [.reminders, .nudge, .widgets])
            if openWatch {
                await watch.launch()
                await watch.suspend()
            }
            messagesBefore = watch.link.messages
        }

        var clock: TestClock { harness.clock }

        /// The person does `action` on the phone; what it delivered wakes the watch in the background.
        func onPhone(_ action: SessionAction) async throws {
            try await phone.runtime.send(action)
            await phone.settled()
            try await watch.deliver(from: phone.watch)
            #expect(!watch.isRunning, "woken for the delivery, suspended again")
        }

        /// The watch's pending reminders are the phone's, identifier for identifier and word for word.
        func expectSameReminders(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(watch.notifications.pending == phone.notifications.pending, "\(step): the wrist has the phone's reminders", sourceLocation: sourceLocation)
        }

        /// The complication shows the phone's counts (the reload spacing has passed).
        func expectFaceShowsPhone(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let snapshot = try await harness.service.activeSession()
            let face = try #require(watch.complications.showing, sourceLocation: sourceLocation)
            #expect(face.isActive == (snapshot != nil), "\(step)", sourceLocation: sourceLocation)
            #expect(face.totalAlcoholCount == (snapshot?.state.totalAlcoholCount ?? 0) && face.totalWaterCount == (snapshot?.state.totalWaterCount ?? 0),
                    "\(step): the face shows the phone's counts", sourceLocation: sourceLocation)
        }
    }

    @Test("a suspended watch that cannot message the phone receives the phone's water, each reminder setting and the session's end: its reminders are the phone's after each, its face shows the phone's counts, and none of it came by a pull")
    func everythingDelivered() async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        pair.expectSameReminders("started")
        #expect(!pair.watch.notifications.pending.isEmpty)
        try await pair.expectFaceShowsPhone("started")

        var settings = try await pair.harness.service.settings()
        let steps: [(String, SessionAction?)] = [
            ("a drink", .logDrink(.quick, source: .phone)),
            ("a water", .logWater(source: .phone)),
            ("reminders every 45 minutes", nil),
            ("no reminders after 21:30", nil),
            ("a quiet style", nil),
            ("reminders off", nil),
        ]
        for (step, action) in steps {
            pair.clock.advance(minutes: 11)
            if let action {
                try await pair.onPhone(action)
            } else {
                switch step {
                case "reminders every 45 minutes": settings.timeReminderIntervalMinutes = 45
                case "no reminders after 21:30":
                    settings.remindersEndEnabled = true
                    settings.remindersEndMinute = 21 * 60 + 30
                case "a quiet style": settings.reminderStyle = .hapticOnly
                default: settings.timeRemindersEnabled = false
                }
                try await pair.onPhone(.updateSettings(settings))
            }
            pair.expectSameReminders(step)
            try await pair.expectFaceShowsPhone(step)
            #expect(try await pair.watch.runtime.reader.currentState().settings == pair.harness.service.settings(), "\(step): the wrist has the phone's settings")
        }
        settings.timeRemindersEnabled = true
        try await pair.onPhone(.updateSettings(settings))
        #expect(!pair.watch.notifications.pending.isEmpty)
        pair.clock.advance(minutes: 11)
        try await pair.onPhone(.endSession())
        #expect(pair.watch.notifications.pending.isEmpty, "the session ended on the phone: the wrist stops at once")
        #expect(try await pair.watch.runtime.reader.currentState().active == nil)
        try await pair.expectFaceShowsPhone("ended")
        #expect(pair.watch.link.messages == pair.messagesBefore, "nothing was asked for")
        #expect(pair.watch.link.refusedInBackground == 0, "and nothing tried to ask from the background")
    }

    @Test("the phone starts a session, the watch app never opened, the phone dead from 23:00 to 01:00: every reminder until 02:00 is shown, on the wrist, the phone's water before 23:00 honoured, the series planned on by the refreshes the watch asked for; once each where the systems show one identifier once (not documented), and never a stale one where they do not", arguments: [true, false])
    func neverOpenedPhoneDies(_ coordinated: Bool) async throws {
        let pair = try await Pair(UserSettings(timeReminderIntervalMinutes: 10), openWatch: false)
        let seen = NotificationsSeen(phone: pair.phone.notifications, watch: pair.watch.notifications)
        seen.coordinates = coordinated
        var refreshes = 0
        func at(_ minutes: Double) async throws {
            let target = Fixed.at(minutes: minutes)
            while pair.clock.now < target {
                pair.clock.set(min(pair.clock.now.addingTimeInterval(60), target))
                seen.fire(through: pair.clock.now)
                if try await pair.watch.refreshIfDue() { refreshes += 1 }
            }
        }
        try await at(60)
        try await pair.onPhone(.startSession)
        try await at(95)
        try await pair.onPhone(.logDrink(.quick, source: .phone))
        try await at(127)
        try await pair.onPhone(.logWater(source: .phone))
        try await at(170)
        try await pair.onPhone(.logDrink(.quick, source: .phone))
        try await at(180)
        seen.phoneIsOn = false
        try await at(300)
        seen.phoneIsOn = true
        try await at(360)

        // Every ten minutes from the start and from the water, while a log came within 90 minutes.
        let water = Fixed.at(minutes: 127)
        var expected: [Date] = []
        for minute in stride(from: 70.0, to: 127, by: 10) { expected.append(Fixed.at(minutes: minute)) }
        for minute in stride(from: 137.0, through: 260, by: 10) { expected.append(Fixed.at(minutes: minute)) }
        let shown = seen.timeReminders
        if coordinated {
            #expect(shown.map(\.fireDate) == expected, "each reminder the session called for, in order, once: \(shown.map { $0.fireDate.timeIntervalSince(Fixed.start) / 60 })")
        } else {
            // Without the coordination each device shows its own: the person may see one twice,
            // but every one is a reminder the session called for, none stale, none missed.
            #expect(Array(Set(shown.map(\.fireDate))).sorted() == expected, "every reminder the session called for, none other")
            #expect(Dictionary(grouping: shown, by: \.fireDate).values.allSatisfy { $0.count <= 2 && Set($0.map(\.device)).count == $0.count }, "at most once a device")
        }
        #expect(!shown.contains { $0.fireDate > water && $0.fireDate < water.addingTimeInterval(600) }, "the water restarted the clock")
        #expect(shown.filter { $0.fireDate > Fixed.at(minutes: 180) }.allSatisfy { $0.place == .wrist }, "the phone dead: the wrist")
        #expect(refreshes > 0, "the watch woke itself as its series ran out (\(refreshes) refreshes)")
        #expect(pair.watch.link.messages == 0, "the watch never opened and never asked")
    }

    @Test("a 40-log session on the wrist, half in its app and half from notifications with it closed, the phone in reach now and then: each change transferred once, none delivered twice, all acknowledged")
    func fortyLogsOnTheWrist() async throws {
        let pair = try await Pair()
        let (watch, phone, clock) = (pair.watch, pair.phone, pair.clock)
        watch.link.isReachable = false
        try await watch.glance(.startSession)
        var made = 1
        for index in 0..<40 {
            clock.advance(minutes: 5)
            let inReach = index % 5 == 4
            watch.link.isReachable = inReach
            if index.isMultiple(of: 2) {
                try await watch.glance(index % 4 == 0 ? .logDrink(.quick, source: .watch) : .logWater(source: .watch))
            } else {
                let response = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "reminder-\(index)")
                await watch.runtime.handle(.notificationResponse(response))
                await watch.settled()
            }
            made += 1
            if inReach {
                // The system hands over what waits each way.
                await watch.link.deliverQueued()
                await phone.settled()
                try await watch.deliver(from: phone.watch)
            }
        }
        await watch.link.deliverQueued()
        await phone.settled()
        try await watch.deliver(from: phone.watch)

        let transferred = watch.link.transferredChanges
        #expect(Set(transferred.map(\.key)).count == transferred.count, "each change transferred once: \(transferred.count) for \(made) changes")
        #expect(transferred.count <= made)
        #expect(Set(watch.link.changesDelivered).count == watch.link.changesDelivered.count, "none delivered twice")
        #expect(try await pair.harness.service.activeSession()?.logs.count == 40, "every log reached the phone")
        #expect(try await watch.sync.transferred().isEmpty, "the phone said it took each one")
        #expect(try await watch.store.pendingChanges().isEmpty, "nothing waits on the wrist")
    }

    @Test("a transfer the phone took is never queued again, though every push from the background tries (the quadratic queue stays gone); the ledger outlives the watch app's process")
    func takenNeverQueuedAgain() async throws {
        let pair = try await Pair()
        let watch = pair.watch
        watch.link.isReachable = false
        try await watch.glance(.startSession)
        for index in 0..<6 {
            pair.clock.advance(minutes: 5)
            try await watch.glance(index.isMultiple(of: 2) ? .logDrink(.quick, source: .watch) : .logWater(source: .watch))
        }
        #expect(watch.link.transfers == 7)
        await watch.link.deliverQueued()
        await pair.phone.settled()
        watch.link.isReachable = false
        // The phone's answer has not reached the wrist yet; a new process pushes again in the background.
        let again = PairedWatch(
            clock: pair.clock, phone: pair.phone.runtime, phoneReachable: false, store: watch.store, ledger: watch.ledger, firstID: 0x40_0000,
            expecting: [.reminders, .widgets]
        )
        await again.runtime.handle(.notificationResponse(NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: "one-more")))
        await again.settled()
        #expect(again.link.transferredChanges.count == 1, "only the new water: \(again.link.transferredChanges.count)")
        try await again.deliver(from: pair.phone.watch)
        #expect(try await again.sync.transferred().map(\.key) == again.link.transferredChanges.map(\.key), "what the phone took is off the ledger; the new water waits")
    }

    @Test("more changes away from the phone than one push offers: every one is transferred, once")
    func backlogPastOneBatch() async throws {
        let pair = try await Pair()
        let watch = pair.watch
        watch.link.isReachable = false
        await watch.open()
        try await watch.runtime.send(.startSession)
        for index in 0..<(Limits.pushBatch + 10) {
            pair.clock.advance(minutes: 0.3)
            try await watch.runtime.send(index.isMultiple(of: 3) ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
        }
        await watch.settled()
        let transferred = watch.link.transferredChanges
        #expect(transferred.count == Limits.pushBatch + 11 && Set(transferred).count == transferred.count, "\(transferred.count) transferred")
        await watch.link.deliverQueued()
        await pair.phone.settled()
        #expect(try await pair.harness.service.activeSession()?.logs.count == Limits.pushBatch + 10)
    }

    @Test("a wake watchOS ends early, after any number of deliveries: what was not taken comes at the next wake, and the wrist ends with the phone's session, reminders and face, each log once, nothing asked for", arguments: [1, 2, 3])
    func wakeCutShort(_ timeFor: Int) async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        for index in 0..<12 {
            pair.clock.advance(minutes: 6)
            try await pair.phone.runtime.send(index.isMultiple(of: 3) ? .logWater(source: .phone) : .logDrink(.quick, source: .phone))
            await pair.phone.settled()
            // Woken for what waits after every few logs, the watch has time for only a few of the deliveries.
            if index % 4 == 3 {
                try await pair.watch.deliver(from: pair.phone.watch, timeFor: timeFor)
                #expect(!pair.watch.isRunning)
            }
        }
        var wakes = 0
        while try await pair.watch.deliver(from: pair.phone.watch, timeFor: timeFor) > 0 { wakes += 1 }
        #expect(wakes > 0, "some deliveries waited for a later wake")
        let phoneSession = try #require(try await pair.harness.service.activeSession())
        let wristSession = try #require(try await pair.watch.runtime.reader.currentState().active)
        #expect(wristSession.logs == phoneSession.logs && wristSession.state == phoneSession.state, "each of the phone's logs once, in order")
        pair.expectSameReminders("after the last wake")
        try await pair.expectFaceShowsPhone("after the last wake")
        #expect(pair.watch.link.messages == pair.messagesBefore, "nothing was asked for")
    }

    @Test("the phone erases everything: the suspended watch's copy goes at once, by the same delivery")
    func eraseTravels() async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        try await pair.onPhone(.logWater(source: .phone))
        #expect(try await pair.watch.runtime.reader.currentState().active != nil)
        try await pair.onPhone(.deleteAllData)
        #expect(try await pair.watch.runtime.reader.currentState().active == nil, "the session is gone from the wrist")
        #expect(try await DeviceRecords(pair.watch.store).logs.isEmpty, "and every record of it")
        #expect(pair.watch.notifications.pending.isEmpty)
        #expect(try await pair.watch.store.syncCursor()?.accountId == pair.harness.store.user()?.id, "the wrist follows the phone's new person")
    }

    @Test("a watch that holds less than the phone delivered (set up anew) asks once, by transfer, and is delivered everything again")
    func gapAsksAgain() async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        for _ in 0..<3 {
            pair.clock.advance(minutes: 5)
            try await pair.onPhone(.logWater(source: .phone))
        }
        // The watch is erased and paired again: its store is new, the phone's ledger is not.
        let fresh = PairedWatch(clock: pair.clock, phone: pair.phone.runtime, phoneReachable: true, firstID: 0x50_0000, expecting: [.reminders, .widgets])
        pair.clock.advance(minutes: 5)
        try await pair.phone.runtime.send(.logDrink(.quick, source: .phone))
        await pair.phone.settled()
        try await fresh.deliver(from: pair.phone.watch)
        #expect(fresh.link.queued == [.resend(after: 0)], "the page came after a gap: the phone is asked to deliver again")
        await fresh.link.deliverQueued()
        await pair.phone.settled()
        try await fresh.deliver(from: pair.phone.watch)
        let snapshot = try #require(try await fresh.runtime.reader.currentState().active)
        #expect(snapshot.logs.count == 4, "everything, delivered again")
        #expect(fresh.link.messages == 0)
    }

    @Test("a new process of the phone's app goes on where the last one stopped delivering: the session is not delivered again")
    func phoneLedgerOutlivesTheProcess() async throws {
        let pair = try await Pair()
        try await pair.onPhone(.startSession)
        try await pair.onPhone(.logWater(source: .phone))
        let later = DeviceProcess(pair.harness, watch: pair.phone.watch, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens])
        await later.runtime.handle(.launched)
        await later.runtime.handle(.watchLinkActivated)
        let sent = pair.phone.watch.pagesTransferred.count
        pair.clock.advance(minutes: 5)
        let drink = try #require(try await later.runtime.send(.logDrink(.quick, source: .phone)).changedLog)
        await later.settled()
        #expect(pair.phone.watch.pagesTransferred.dropFirst(sent).flatMap(\.page.changes) == [.logEntry(drink)], "only the new drink")
    }

    @Test("the watch ledger and the phone's place are kept in a file that survives the process")
    func fileLedger() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-ledger-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let first = FileLedgerStorage(url: url)
        #expect(first.load() == nil)
        first.save(Data("[1,2]".utf8))
        #expect(FileLedgerStorage(url: url).load() == Data("[1,2]".utf8))
        first.save(Data("[3]".utf8))
        #expect(FileLedgerStorage(url: url).load() == Data("[3]".utf8), "replaced whole")
    }
}
