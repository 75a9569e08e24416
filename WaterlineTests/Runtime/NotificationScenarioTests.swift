import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "Log Water" on a reminder, with the app not running: iOS starts the process in the
/// background, with no window, and delivers the response.
@Suite("Scenario: a notification's Log Water on a cold background launch")
@MainActor
struct NotificationScenarioTests {
    /// A session begun earlier by a process that is gone: one drink at 21:10, reminders every 20 min.
    func sessionInProgress() async throws -> (ServiceHarness, SessionSnapshot) {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 10)
        let drink = try await harness.service.quickLog(.alcohol, source: .phone)
        return (harness, try drink.snapshot)
    }

    func timeReminder(of session: SessionSnapshot) throws -> ReminderRequest {
        try #require(session.reminders.requests.first)
    }

    @Test("water logged once, reminders re-planned from it, Live Activity updated, widgets reloaded, sync queued")
    func logWaterColdLaunch() async throws {
        let (harness, before) = try await sessionInProgress()
        let reminder = try timeReminder(of: before)
        harness.clock.set(reminder.fireDate.addingTimeInterval(60))
        let sessionId = before.session.id

        // The system still shows the Live Activity the app started earlier; the process is new.
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities(allowsStart: false, running: [before.glance]),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        #expect(phone.notifications.categoriesRegistered == 1, "the Log Water category exists before the response is handled")
        #expect(phone.watch.activations == 1, "the watch link is active without a window")
        #expect(!phone.runtime.isActive)

        let response = NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: reminder.identifier)
        await phone.runtime.handle(.notificationResponse(response))
        #expect(phone.background.open.count == 1 && phone.sync.pushes == 0, "the action is complete once saved; the push holds a background task of its own")

        let logs = try await harness.store.logs(sessionId: sessionId)
        let water = try #require(logs.last)
        #expect(logs.filter { $0.type == .water }.count == 1)
        #expect(water.type == .water && water.timestamp == harness.clock.now && water.waterMeta?.amountOz == 8)
        // Re-planned from that water: the next reminder is 20 minutes after it.
        #expect(phone.notifications.pendingByDate.first?.fireDate == harness.clock.now.addingTimeInterval(20 * 60))
        #expect(phone.notifications.pendingByDate.allSatisfy { $0.fireDate > harness.clock.now })
        let activity = try #require(phone.liveActivities.running[sessionId])
        #expect(activity.totalWaterCount == 1 && activity.waterlineValue == 0)
        #expect(activity.nextReminderDate == harness.clock.now.addingTimeInterval(20 * 60))
        #expect(phone.widgets.reloads == 1)
        await phone.settled()
        #expect(phone.sync.pushes == 1, "pushed before the background time was handed back")
        #expect(phone.background.endedAt.last ?? 0 > phone.log.calls.lastIndex { $0.surface == .sync } ?? .max)
        #expect(try await harness.store.pendingChanges().contains { $0.id == SyncKey(entity: .logEntry, id: water.id) })
        #expect(phone.watch.pagesTransferred.last?.page.changes.contains(.logEntry(water)) == true, "the water is delivered to the watch")
        #expect(phone.background.begun == ["log water", "push before suspending"] && phone.background.open.isEmpty)

        // The same response delivered again (the system retried): nothing more happens.
        await phone.runtime.handle(.notificationResponse(response))
        #expect(try await harness.store.logs(sessionId: sessionId).filter { $0.type == .water }.count == 1)
        await phone.settled()
        #expect(phone.widgets.reloads == 1 && phone.sync.pushes == 1)

        // Even a second cold launch with the same response logs nothing twice.
        let relaunched = DeviceProcess(harness, expecting: [.sync])
        await relaunched.runtime.handle(.launched)
        await relaunched.runtime.handle(.notificationResponse(response))
        #expect(try await harness.store.logs(sessionId: sessionId).filter { $0.type == .water }.count == 1)
    }

    @Test("Dismiss changes nothing; tapping the notification opens the running session")
    func otherActions() async throws {
        let (harness, before) = try await sessionInProgress()
        let reminder = try timeReminder(of: before)
        let phone = DeviceProcess(harness, expecting: [.sync])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.notificationResponse(NotificationResponse(actionIdentifier: NotificationAction.dismiss.rawValue, requestIdentifier: reminder.identifier)))
        #expect(try await harness.store.logs(sessionId: before.session.id).count == 1)
        #expect(phone.runtime.router.pending == nil)
        await phone.runtime.handle(.notificationResponse(NotificationResponse(actionIdentifier: NotificationResponse.defaultActionIdentifier, requestIdentifier: reminder.identifier)))
        #expect(phone.runtime.router.pending == .activeSession)
        #expect(try await harness.store.logs(sessionId: before.session.id).count == 1)
    }

    @Test("Log Water after the session ended logs nothing and fails nothing")
    func afterTheEnd() async throws {
        let (harness, before) = try await sessionInProgress()
        let reminder = try timeReminder(of: before)
        _ = try await harness.service.endSession()
        let phone = DeviceProcess(harness, expecting: [.sync])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.notificationResponse(NotificationResponse(actionIdentifier: NotificationAction.logWater.rawValue, requestIdentifier: reminder.identifier)))
        #expect(try await harness.store.logs(sessionId: before.session.id).count == 1)
        #expect(phone.widgets.reloads == 0 && phone.background.open.isEmpty)
    }
}
