import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "Remind Me in 10 Min" on a reminder, with the app not running.
@Suite("Scenario: a reminder snoozed for ten minutes")
@MainActor
struct SnoozeScenarioTests {
    /// A session with a drink whose time reminder fired; the app, not running, is woken for
    /// "Remind Me in 10 Min" on it.
    func snoozedSession() async throws -> (ServiceHarness, DeviceProcess, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 10)
        let drink = try await harness.service.quickLog(.alcohol, source: .phone).snapshot
        let reminder = try #require(drink.reminders.requests.first)
        harness.clock.set(reminder.fireDate.addingTimeInterval(30))
        let phone = DeviceProcess(harness, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens], wristExpecting: [.reminders, .widgets])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.notificationResponse(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: reminder.identifier)
        ))
        return (harness, phone, drink)
    }

    @Test("the reminder comes again ten minutes later, survives the next re-plan, and goes when the session ends")
    func snooze() async throws {
        let (harness, phone, drink) = try await snoozedSession()
        let snoozed = try #require(phone.notifications.pending.values.first { $0.identifier.hasPrefix(ReminderPlanner.snoozePrefix(sessionId: drink.session.id)) })
        #expect(snoozed.fireDate == harness.clock.now.addingTimeInterval(10 * 60))
        #expect(snoozed.content.categoryIdentifier == NotificationAction.categoryIdentifier, "it offers Log Water again")
        #expect(snoozed.content.detailBody.contains("Drinks 1"))
        #expect(try await harness.store.logs(sessionId: drink.session.id).count == 1, "nothing is logged by a snooze")
        #expect(phone.background.begun == ["remind later"] && phone.background.open.isEmpty)

        // Another drink re-plans the time reminders; the snooze the person asked for stays.
        harness.clock.advance(minutes: 2)
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(try await harness.store.logs(sessionId: drink.session.id).count == 2)
        #expect(phone.notifications.pending[snoozed.identifier] != nil)

        // The session ends: nothing of it stays pending.
        _ = try await phone.runtime.handle(.intent(.endSession, source: .phone))
        #expect(phone.notifications.pending.isEmpty)
    }

    @Test("a snooze after the session ended elsewhere schedules nothing")
    func afterTheEnd() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession().snapshot
        _ = try await harness.service.endSession()
        let phone = DeviceProcess(harness, expecting: [.sync])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.notificationResponse(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: ReminderPlanner.identifierPrefix(sessionId: started.session.id) + "1")
        ))
        #expect(phone.notifications.pending.isEmpty)
    }

    @Test("the reminder's actions: Log Water, Remind Me in 10 Min, Dismiss")
    func actions() {
        #expect(NotificationAction.allCases.map(\.title) == ["Log Water", "Remind Me in 10 Min", "Dismiss"])
    }

    @Test("a water logged after Remind Me in 10 Min answers it: the snooze goes, on the phone and when the water comes from the watch")
    func answeredByWater() async throws {
        let (harness, phone, drink) = try await snoozedSession()
        let prefix = ReminderPlanner.snoozePrefix(sessionId: drink.session.id)
        #expect(phone.notifications.pending.keys.contains { $0.hasPrefix(prefix) })

        // Water in the app, four minutes later: the snooze would nag for water already drunk.
        harness.clock.advance(minutes: 4)
        _ = try await phone.runtime.handle(.intent(.logWater, source: .phone))
        #expect(!phone.notifications.pending.keys.contains { $0.hasPrefix(prefix) }, "the answered snooze is gone")

        // Snoozed again, then the water comes from the watch's push.
        harness.clock.advance(minutes: 25)
        await phone.runtime.handle(.notificationResponse(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: "waterline.time.x.2")
        ))
        #expect(phone.notifications.pending.keys.contains { $0.hasPrefix(prefix) })
        harness.clock.advance(minutes: 1)
        try await phone.onWatch(.logWater(source: .watch))
        #expect(!phone.notifications.pending.keys.contains { $0.hasPrefix(prefix) })

        // A snooze asked for after the last water stays.
        harness.clock.advance(minutes: 3)
        await phone.runtime.handle(.notificationResponse(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: "waterline.time.x.3")
        ))
        harness.clock.advance(minutes: 1)
        _ = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(phone.notifications.pending.keys.contains { $0.hasPrefix(prefix) })
    }
}
