import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// With the app open, every screen, widget and the Live Activity stay current without a tap: a
/// reminder firing moves "Next reminder" on, and another device's change shows within a minute.
@Suite("Scenario: an open app stays current")
@MainActor
struct OpenAppCurrencyScenarioTests {
    func openApp(notifications: NotificationAuthorization) async throws -> (ServiceHarness, DeviceProcess, ActiveSessionModel, SessionSnapshot) {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: notifications),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await app.runtime.handle(.launched)
        await app.runtime.handle(.becameActive)
        let screen = ActiveSessionModel(actions: app.runtime)
        await screen.appeared()
        await app.settled()
        return (harness, app, screen, started)
    }

    @Test("a reminder arriving in front: the banner shows, and Next reminder moves on to the next one everywhere")
    func reminderPresented() async throws {
        let (harness, app, screen, started) = try await openApp(notifications: .allowed)
        let first = try #require(started.reminders.requests.first)
        let second = started.reminders.requests[1]
        #expect(screen.nextReminderDate == first.fireDate)
        harness.clock.set(first.fireDate.addingTimeInterval(1))
        #expect(await app.runtime.handle(.notificationWillPresent(first.content)) == false)
        await app.settled()
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == first.content)
        #expect(screen.nextReminderDate == second.fireDate, "not frozen at 0:00 until the next log")
        #expect(app.liveActivities.running[started.session.id]?.nextReminderDate == second.fireDate)
        #expect(app.widgets.reloads >= 1)
    }

    @Test("a reminder falling due with the app open (the system shows it): the next tick moves every surface on")
    func reminderFellDue() async throws {
        let (harness, app, screen, started) = try await openApp(notifications: .allowed)
        let first = try #require(started.reminders.requests.first)
        harness.clock.set(first.fireDate.addingTimeInterval(-5))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        await app.settled()
        #expect(screen.nextReminderDate == first.fireDate)
        harness.clock.set(first.fireDate.addingTimeInterval(5))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        await app.settled()
        #expect(screen.nextReminderDate == started.reminders.requests[1].fireDate)
        #expect(app.runtime.inAppReminders.banner == nil, "notifications are on: the system showed it")
    }

    @Test("a session ended on another device stops here within a minute while the app is open; a tick sooner asks nothing")
    func endedElsewhere() async throws {
        let (harness, app, screen, started) = try await openApp(notifications: .allowed)
        let pullsAtStart = app.sync.pulls
        harness.clock.advance(minutes: 0.5)
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        await app.settled()
        #expect(app.sync.pulls == pullsAtStart, "no pull within the minute")

        // The other device's end arrives with the next pull.
        var ended = started.session
        ended.isActive = false
        ended.endTime = harness.clock.now
        ended.updatedAt = harness.clock.now
        let (store, record) = (harness.store, ended.record)
        app.sync.nextPullBrings {
            _ = try? await store.applyPage([.session(record)], cursor: SyncCursor(accountId: UUID(number: 0xACC), position: 1))
        }
        harness.clock.advance(minutes: 0.6)
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        await app.settled()
        #expect(app.sync.pulls == pullsAtStart + 1)
        #expect(await app.runtime.syncHistory().last == .whileOpen)
        #expect(screen.update == nil && screen.endedSession?.session.id == started.session.id, "the open screen goes to the summary")
        #expect(app.notifications.pending.isEmpty, "this device's reminders for that session are gone")
        #expect(app.liveActivities.running.isEmpty)
    }
}
