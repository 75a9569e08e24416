import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// US-035: notifications denied or never allowed. While the app is open, reminders still
/// appear, as a banner with Log Water, from the same plan the notifications would follow.
@Suite("Scenario: reminders inside the app when notifications are off")
@MainActor
struct InAppReminderScenarioTests {
    @Test("a time reminder falls due while the app is open: the banner shows it; Log Water logs and re-plans")
    func timeReminderBanner() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .denied),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await app.runtime.handle(.launched)
        await app.runtime.handle(.becameActive)
        let due = try #require(started.reminders.requests.first)

        harness.clock.set(due.fireDate.addingTimeInterval(-1))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == nil, "not due yet")
        harness.clock.set(due.fireDate.addingTimeInterval(1))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == due.content)
        // The same slot is not shown twice.
        await app.runtime.handle(.bannerDismissed)
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == nil)

        app.runtime.inAppReminders.show(due.content)
        await app.runtime.handle(.bannerLogWater)
        #expect(app.runtime.inAppReminders.banner == nil)
        #expect(try await harness.store.logs(sessionId: started.session.id).map(\.type) == [.water])
        // The plan now counts from that water; the next banner comes 20 minutes after it.
        let water = harness.clock.now
        harness.clock.set(water.addingTimeInterval(19 * 60))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == nil)
        harness.clock.set(water.addingTimeInterval(20 * 60 + 1))
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner != nil)
    }

    @Test("a per-drink nudge with notifications off is a banner while open, and nothing on the phone while closed")
    func nudgeBanner() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(
            harness, notifications: RecordingNotificationCenter(answer: .notDetermined),
            expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await app.runtime.handle(.launched)
        await app.runtime.handle(.becameActive)
        _ = try await app.runtime.handle(.intent(.logDrink(presetId: nil), source: .phone))
        #expect(app.runtime.inAppReminders.banner?.detailTitle == "Time for water")
        #expect(app.notifications.posted.isEmpty)

        await app.runtime.handle(.bannerDismissed)
        await app.runtime.handle(.resignedActive)
        let told = app.watch.pagesTransferred.count
        _ = try await app.runtime.handle(.intent(.logDrink(presetId: nil), source: .widget))
        #expect(app.runtime.inAppReminders.banner == nil)
        #expect(app.watch.pagesTransferred.count == told + 1, "the drink is delivered to the watch (it plans the session's reminders itself, whatever the phone allows)")
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == nil, "no banners while in the background")
    }

    @Test("with notifications allowed, a reminder arriving in front becomes the banner instead of the system's")
    func willPresent() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await app.runtime.handle(.becameActive)
        let due = try #require(started.reminders.requests.first)
        #expect(await app.runtime.handle(.notificationWillPresent(due.content)) == false)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == due.content)
        harness.clock.set(due.fireDate.addingTimeInterval(5))
        await app.runtime.handle(.bannerDismissed)
        await app.runtime.handle(.foregroundTick)
        await app.settled()
        #expect(app.runtime.inAppReminders.banner == nil, "the system delivers it; the tick does not show it twice")
    }
}
