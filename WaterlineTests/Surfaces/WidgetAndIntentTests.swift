import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Widgets and intents")
struct WidgetAndIntentTests {
    func activeSnapshot(discreet: Bool) async throws -> WidgetSnapshot {
        let harness = try await ServiceHarness.prepared(UserSettings(discreetNotifications: discreet))
        _ = try await harness.service.startSession()
        for _ in 0..<3 { _ = try await harness.service.quickLog(.alcohol, source: .widget) }
        _ = try await harness.service.quickLog(.water, source: .widget)
        return try await harness.service.widgetSnapshot()
    }

    @Test("each family shows what it has room for", arguments: WidgetFamilyKind.allCases)
    func families(family: WidgetFamilyKind) async throws {
        let presentation = WidgetPresentation(snapshot: try await activeSnapshot(discreet: false), family: family)
        #expect(presentation.headline == "Waterline +2")
        #expect(presentation.gauge?.isWarning == true)
        #expect(presentation.gauge?.threshold == 2)
        switch family {
        case .systemSmall:
            #expect(presentation.showsQuickAdd)
            #expect(presentation.nextReminderDate == nil)
        case .systemMedium:
            #expect(presentation.countsLine == "Drinks 3 · Water 1")
            #expect(presentation.nextReminderDate != nil)
            #expect(!presentation.showsQuickAdd)
        case .systemLarge:
            #expect(presentation.showsQuickAdd)
            #expect(presentation.recentLogs.count == 3)
            #expect(presentation.recentLogs.first?.hasPrefix("Water") == true)
        case .accessoryRectangular:
            // Gauge, headline, counts and buttons: no countdown, three lines fit.
            #expect(presentation.countsLine == "Drinks 3 · Water 1")
            #expect(presentation.showsQuickAdd)
            #expect(presentation.nextReminderDate == nil)
        case .accessoryCircular, .accessoryCorner, .accessoryInline:
            #expect(presentation.countsLine == nil)
            #expect(presentation.recentLogs.isEmpty)
        }
    }

    @Test("discreet mode keeps drink words off the Lock Screen (its counts stay), not off the Home Screen", arguments: WidgetFamilyKind.allCases)
    func discreet(family: WidgetFamilyKind) async throws {
        let presentation = WidgetPresentation(snapshot: try await activeSnapshot(discreet: true), family: family)
        let shown = ([presentation.headline, presentation.countsLine ?? "", presentation.drinkButtonTitle] + presentation.recentLogs).joined(separator: " ").lowercased()
        if family.isLockScreen {
            #expect(!shown.contains("drink"))
            #expect(!shown.contains("beer"))
            #expect(presentation.countsLine == (family == .accessoryRectangular ? "3 · Water 1" : nil))
        } else if family != .systemSmall {
            #expect(presentation.countsLine != nil || family == .systemLarge)
        }
    }

    @Test("no session: No Session on the Lock Screen, Start Session and the last summary at home")
    func noSession() async throws {
        let harness = try await ServiceHarness.prepared(UserSettings(discreetNotifications: false))
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        harness.clock.advance(minutes: 90)
        _ = try await harness.service.endSession()
        let snapshot = try await harness.service.widgetSnapshot()
        let lock = WidgetPresentation(snapshot: snapshot, family: .accessoryRectangular)
        #expect(lock.headline == "No Session")
        #expect(!lock.showsStartSession)
        let home = WidgetPresentation(snapshot: snapshot, family: .systemMedium)
        #expect(home.showsStartSession)
        #expect(home.lastSessionLine == "Last session: 1 drink · 0 waters · 1 h 30 min")
    }

    @Test("intents: no session answers in words; a double from a preset; an unknown preset fails; ending from a widget")
    @MainActor
    func intents() async throws {
        let harness = try await ServiceHarness.prepared()
        // Widget and Live Activity buttons are `LiveActivityIntent`s in the app's process: they may start one.
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities(allowsStart: true),
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        let runner = IntentRunner(actions: phone.runtime)
        let idle = try await runner.run(.logWater, source: .widget)
        #expect(idle.dialog == "There's no session running. Start one first.")
        #expect(idle.result == nil && phone.log.calls.isEmpty)
        #expect(try await runner.run(.startSession, source: .widget).dialog == "Session started. Enjoy your evening.")
        #expect(try await runner.run(.startSession, source: .widget).dialog == "A session is already running.")
        let double = try await harness.presetNamed("Double")
        let logged = try await runner.run(.logDrink(presetId: double.id), source: .liveActivity)
        #expect(logged.result?.session?.state.waterlineValue == 2)
        #expect(logged.result?.changedLog?.source == .liveActivity)
        #expect(logged.dialog == "Double logged. Waterline +2.", "the answer names the drink")
        await #expect(throws: SessionServiceError.unknownPreset(UUID(number: 0xDEAD))) {
            try await runner.run(.logDrink(presetId: UUID(number: 0xDEAD)), source: .widget)
        }
        let ended = try await runner.run(.endSession, source: .widget)
        #expect(ended.dialog == "Session ended. 1 drink, 0 waters.")
        #expect(ended.result?.session?.session.isActive == false && phone.liveActivities.ended.count == 1)
    }
}
