import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// "+ Drink" where there is no room to choose (widgets, the Live Activity, Siri) logs the quick
/// drink: the first preset, which the person chooses in Settings, and every button names it.
@Suite("The quick drink: chosen in Settings, named on every button")
@MainActor
struct QuickDrinkTests {
    @Test("dragging a preset first makes it the quick drink: widgets, the Live Activity and Siri log it and say so")
    func dragFirst() async throws {
        let (harness, started) = try await ServiceHarness.sessionStarted()
        let phone = DeviceProcess(
            harness, liveActivities: RecordingLiveActivities.showing(started),
            expecting: [.reminders, .nudge, .liveActivity, .widgets, .watch, .sync, .screens]
        )
        await phone.runtime.handle(.launched)
        let settings = SettingsModel(actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences())
        await settings.appeared()
        let names = settings.presets.map(\.name)
        #expect(names.count == 5)

        await settings.presetsMoved(from: IndexSet(integer: 4), to: 0)
        #expect(settings.errorMessage == nil)
        #expect(settings.presets.map(\.name) == [names[4]] + names[0..<4])
        let quick = try #require(settings.presets.first)
        #expect(phone.liveActivities.running[started.session.id]?.drinkButtonTitle == "+ \(quick.name)")

        let widget = try await phone.runtime.reader.widgetSnapshot()
        #expect(WidgetPresentation(snapshot: widget, family: .systemSmall).drinkButtonTitle == "+ \(quick.name)")
        #expect(WidgetPresentation(snapshot: widget, family: .accessoryRectangular).drinkButtonTitle == "+1", "discreet on the Lock Screen")

        let outcome = try await phone.runtime.handle(.intent(.logDrink(presetId: nil), source: .widget))
        #expect(outcome.result?.changedLog?.alcoholMeta?.presetId == quick.id)
        #expect(outcome.dialog.hasPrefix("\(quick.name) logged."))

        // The order survives a new process: it is stored (and synced), not kept in the screen.
        let later = SettingsModel(actions: DeviceProcess(harness).runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences())
        await later.appeared()
        #expect(later.presets.map(\.name) == settings.presets.map(\.name))
    }

    @Test("moving down, to the end, and a move that changes nothing")
    func moves() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let settings = SettingsModel(actions: phone.runtime, account: nil, permissions: phone.runtime, preferences: MemoryPreferences())
        await settings.appeared()
        let names = settings.presets.map(\.name)
        await settings.presetsMoved(from: IndexSet(integer: 0), to: 5)
        #expect(settings.presets.map(\.name) == Array(names[1...]) + [names[0]])
        await settings.presetsMoved(from: IndexSet([0, 1]), to: 3)
        // [b c d e a]: b and c dragged to stand before e.
        #expect(settings.presets.map(\.name) == [names[3], names[1], names[2], names[4], names[0]])
        await phone.settled()
        let before = phone.log.mark
        let order = settings.presets.map(\.name)
        await settings.presetMadeQuick(try #require(settings.presets.first))
        #expect(settings.presets.map(\.name) == order)
        #expect(phone.log.surfaces(since: before).isEmpty, "nothing moved, nothing to tell anyone")
    }

    @Test("an order naming an unknown preset, or one twice, is refused and nothing moves")
    func refused() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        let presets = try await harness.service.presets()
        await #expect(throws: SessionServiceError.unknownPreset(UUID(number: 0xBAD))) {
            try await phone.runtime.send(.reorderPresets([presets[1].id, UUID(number: 0xBAD)]))
        }
        await #expect(throws: SessionServiceError.self) {
            try await phone.runtime.send(.reorderPresets([presets[1].id, presets[1].id]))
        }
        #expect(try await harness.service.presets() == presets)
    }
}
