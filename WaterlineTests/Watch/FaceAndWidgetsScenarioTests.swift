import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The watch face and the phone's widgets through a long night, on WidgetKit's daily budget
/// (reloads with the app in front are free; about 40 others a day, the rest dropped).
@Suite("Scenario: the face is current, within the widgets' budget")
@MainActor
struct FaceAndWidgetsScenarioTests {
    /// A night started on the phone's screen, the phone then locked, the watch told and asleep.
    func nightStarted() async throws -> (ServiceHarness, DeviceProcess, PairedWatch) {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness)
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let watch = PairedWatch(clock: harness.clock, phone: phone.runtime)
        await watch.launch()
        await watch.suspend()
        try await phone.runtime.send(.startSession)
        await phone.runtime.handle(.resignedActive)
        await phone.settled()
        try await watch.deliverContext(from: phone.watch)
        return (harness, phone, watch)
    }

    @Test("a 40-log night made on both devices: the complication shows each log within one event, and neither device's widgets go past their budget")
    func fortyLogNight() async throws {
        let (harness, phone, watch) = try await nightStarted()
        let clock = harness.clock
        for index in 0..<40 {
            clock.advance(minutes: 6)
            let action: SessionAction = index.isMultiple(of: 3) ? .logWater(source: .phone) : .logDrink(.quick, source: .phone)
            if index.isMultiple(of: 2) {
                // On the phone, opened for it: its widgets reload for free; the watch hears and pulls in the background.
                await phone.runtime.handle(.becameActive)
                try await phone.runtime.send(action)
                await phone.runtime.handle(.resignedActive)
                await phone.settled()
                try await watch.deliverContext(from: phone.watch)
            } else {
                try await watch.glance(action)
                await phone.settled()
            }
            let night = try #require(try await harness.service.activeSession())
            let face = try #require(watch.complications.showing)
            #expect(face.totalAlcoholCount == night.state.totalAlcoholCount && face.totalWaterCount == night.state.totalWaterCount,
                    "log \(index + 1): the complication shows it")
        }
        await phone.runtime.handle(.becameActive)
        try await phone.runtime.send(.endSession())
        await phone.runtime.handle(.resignedActive)
        await phone.settled()
        try await watch.deliverContext(from: phone.watch)

        #expect(phone.widgets.dropped == 0 && phone.widgets.counted <= RecordingWidgets.dailyBudget, "phone: \(phone.widgets.counted) counted")
        #expect(watch.complications.dropped == 0 && watch.complications.counted <= RecordingWidgets.dailyBudget, "watch: \(watch.complications.counted) counted")
        #expect(watch.complications.showing?.isActive == false, "the face says the night ended")
        #expect(phone.widgets.showing?.isActive == false)
    }

    @Test("40 logs on the wrist with the phone in a bag: the phone's widgets, reloaded in the background, stay inside their budget and end on the night's last state")
    func fortyLogsOnTheWrist() async throws {
        let (harness, phone, watch) = try await nightStarted()
        let clock = harness.clock
        for index in 0..<40 {
            clock.advance(minutes: 6)
            try await watch.glance(index.isMultiple(of: 3) ? .logWater(source: .watch) : .logDrink(.quick, source: .watch))
            await phone.settled()
        }
        try await watch.glance(.endSession())
        await phone.settled()
        #expect(phone.widgets.dropped == 0 && phone.widgets.counted <= RecordingWidgets.dailyBudget, "\(phone.widgets.counted) reloads counted")
        #expect(phone.widgets.showing?.isActive == false && phone.widgets.showing?.lastSessionSummary == nil, "the night's end reached the widgets")
        #expect(phone.liveActivities.ended.count == 1, "and the Live Activity, which carried every log on the Lock Screen")
    }
}

