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
    @Test("the reminder comes again ten minutes later, survives the next re-plan, and goes when the night ends")
    func snooze() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 10)
        let drink = try await harness.service.quickLog(.alcohol, source: .phone).night
        let reminder = try #require(drink.reminders.requests.first)
        harness.clock.set(reminder.fireDate.addingTimeInterval(30))

        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        await phone.runtime.notificationResponseReceived(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: reminder.identifier)
        )
        let snoozed = try #require(phone.notifications.pending.values.first { $0.identifier.hasPrefix(ReminderPlanner.snoozePrefix(sessionId: drink.session.id)) })
        #expect(snoozed.fireDate == harness.clock.now.addingTimeInterval(10 * 60))
        #expect(snoozed.content.categoryIdentifier == NotificationAction.categoryIdentifier, "it offers Log Water again")
        #expect(snoozed.content.detailBody.contains("Drinks 1"))
        #expect(try await harness.store.logs(sessionId: drink.session.id).count == 1, "nothing is logged by a snooze")
        #expect(phone.background.begun == ["notification response"] && phone.background.open.isEmpty)

        // Another drink re-plans the time reminders; the snooze the person asked for stays.
        harness.clock.advance(minutes: 2)
        _ = try await phone.runtime.intentRequested(.logDrink(presetId: nil), source: .phone)
        #expect(try await harness.store.logs(sessionId: drink.session.id).count == 2)
        #expect(phone.notifications.pending[snoozed.identifier] != nil)

        // The night ends: nothing of it stays pending.
        _ = try await phone.runtime.intentRequested(.endSession, source: .phone)
        #expect(phone.notifications.pending.isEmpty)
    }

    @Test("a snooze after the night ended elsewhere schedules nothing")
    func afterTheEnd() async throws {
        let harness = try await ServiceHarness.prepared()
        let started = try await harness.service.startSession().night
        _ = try await harness.service.endSession()
        let phone = DeviceProcess(harness)
        phone.runtime.launched()
        await phone.runtime.notificationResponseReceived(
            NotificationResponse(actionIdentifier: NotificationAction.remindLater.rawValue, requestIdentifier: ReminderPlanner.identifierPrefix(sessionId: started.session.id) + "1")
        )
        #expect(phone.notifications.pending.isEmpty)
    }

    @Test("the reminder's actions: Log Water, Remind Me in 10 Min, Dismiss")
    func actions() {
        #expect(NotificationAction.allCases.map(\.title) == ["Log Water", "Remind Me in 10 Min", "Dismiss"])
    }
}
