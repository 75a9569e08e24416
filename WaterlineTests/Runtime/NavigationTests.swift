import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Deep links reaching the screens, the summary's way back, and its errors.
@Suite("Links to screens, the summary's Done and its errors")
@MainActor
struct NavigationTests {
    @Test("a widget's link opens the running session, or stays home with none; a past session's link opens it")
    func links() async throws {
        let harness = try await ServiceHarness.prepared()
        let app = DeviceProcess(harness)
        await app.runtime.handle(.openURL(DeepLink.activeSession.url))
        #expect(app.runtime.router.pending == .activeSession)
        await app.runtime.handle(.openURL(URL(string: "https://example.com/session")!))
        #expect(app.runtime.router.pending == .activeSession, "a foreign URL changes nothing")
        // A screen went there; a link asked for since it read this one stays pending.
        await app.runtime.handle(.openURL(try #require(URL(string: "waterline://home"))))
        await app.runtime.handle(.linkShown(.activeSession))
        #expect(app.runtime.router.pending != nil, "the newer link is still to be shown")
        await app.runtime.handle(.linkShown(try #require(app.runtime.router.pending)))
        #expect(app.runtime.router.pending == nil)

        let home = HomeModel(actions: app.runtime, preferences: MemoryPreferences())
        await home.linkOpened(.activeSession)
        #expect(home.startedSession == nil, "no session running: Home is the right screen")
        let started = try await harness.service.startSession().snapshot
        await home.linkOpened(.activeSession)
        #expect(home.startedSession?.session.id == started.session.id)
        home.navigatedToSession()
        await home.linkOpened(.pastSession(UUID(number: 0x0B)))
        #expect(home.openedPastSessionId == UUID(number: 0x0B))
        home.navigatedToPastSession()
        #expect(home.openedPastSessionId == nil)
    }

    @Test("what the watch lacks is delivered once its link is active, and it then has the session and presets")
    func watchActivation() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let app = DeviceProcess(harness, expecting: [.watch, .sync], wristExpecting: [.reminders, .widgets])
        await app.runtime.handle(.launched)
        #expect(app.watch.pagesTransferred.isEmpty)
        await app.runtime.handle(.watchLinkActivated)
        let delivered = app.watch.pagesTransferred.flatMap(\.page.changes)
        #expect(delivered.contains(.session(started.session.record)), "the running session, unasked")
        #expect(app.watch.latest?.page.changes.contains(.session(started.session.record)) == true)
        let watch = try await app.watchSees()
        #expect(watch.active?.session.id == started.session.id)
        #expect(watch.presets.count == 5)
    }

    @Test("Summary: Done leaves the ended session; a refused edit is shown, then dismissed")
    func summary() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let app = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let active = ActiveSessionModel(actions: app.runtime)
        await active.appeared()
        await active.waterButtonTapped()
        await active.endSessionConfirmed()
        let ended = try #require(active.endedSession)
        active.summaryClosed()
        #expect(active.endedSession == nil)

        let summary = SummaryModel(update: ended, settings: UserSettings(), isEditable: true, actions: app.runtime)
        var edited = try #require(summary.timeline.first)
        edited.timestamp = ended.session.startTime.addingTimeInterval(-3_600)
        await summary.logEdited(edited)
        #expect(summary.errorMessage != nil, "a log before the session started is refused, with words")
        #expect(summary.report.summary.totalWaterCount == 1, "nothing was lost")
        summary.errorDismissed()
        #expect(summary.errorMessage == nil)
    }
}
