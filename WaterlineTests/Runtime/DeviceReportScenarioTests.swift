import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The phone's app is built for Live Activities, a watch and Health, but the device says what it
/// has now: a surface it lacks is not planned, and when it says that changed (`.deviceChanged`)
/// everything is shown again as it now allows.
@Suite("Scenario: what the device has now")
@MainActor
struct DeviceReportScenarioTests {
    @Test("Live Activities turned off for the app: none is asked for (not even refused); turned on in Settings, the session's starts at once, with the app in front")
    func liveActivitiesTurnedOn() async throws {
        let harness = try await ServiceHarness.prepared()
        let report = MemoryValue(DeviceReport.everything)
        report.value.liveActivitiesEnabled = false
        let phone = DeviceProcess(harness, report: { report.value }, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        await phone.runtime.handle(.becameActive)
        let snapshot = try #require(try await phone.runtime.send(.startSession).session)
        try await phone.runtime.send(.logWater(source: .phone))
        #expect(phone.liveActivities.starts == 0 && phone.liveActivities.refusedStarts == 0, "nothing asked of a system that would refuse")

        report.value.liveActivitiesEnabled = true
        await phone.runtime.handle(.deviceChanged)
        #expect(phone.liveActivities.starts == 1)
        #expect(phone.liveActivities.running[snapshot.session.id]?.totalWaterCount == 1, "showing the session as it stands")
    }

    @Test("no watch app on a paired watch: nothing is delivered to it; installed, it is handed what it lacks at once")
    func watchAppInstalled() async throws {
        let harness = try await ServiceHarness.prepared()
        let report = MemoryValue(DeviceReport.everything)
        report.value.watchAppInstalled = false
        let phone = DeviceProcess(harness, report: { report.value }, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.launched)
        try await phone.runtime.send(.startSession)
        try await phone.runtime.send(.logWater(source: .phone))
        await phone.settled()
        #expect(phone.watch.pages.isEmpty && phone.watch.latest == nil)

        report.value.watchAppInstalled = true
        await phone.runtime.handle(.deviceChanged)
        await phone.settled()
        #expect(!phone.watch.pages.isEmpty, "the feed it lacks")
        #expect(phone.watch.latest != nil, "and the latest state")
    }

    @Test("Health missing on the device: nothing is written to it, whatever was turned on; present, every log so far is written")
    func healthAvailable() async throws {
        let harness = try await ServiceHarness.prepared()
        let report = MemoryValue(DeviceReport.everything)
        report.value.healthAvailable = false
        let phone = DeviceProcess(harness, report: { report.value }, expecting: [.reminders, .nudge, .widgets, .watch, .sync, .screens, .health])
        await phone.runtime.handle(.launched)
        // Turned on earlier (as a restored backup carries it), with both kinds allowed.
        _ = await phone.health.requestWriting()
        phone.healthPreferences.isWritingToHealth = true
        try await phone.runtime.send(.startSession)
        try await phone.runtime.send(.logWater(source: .phone))
        try await phone.runtime.send(.logDrink(.quick, source: .phone))
        await phone.settled()
        #expect(phone.health.saveCalls == 0)

        report.value.healthAvailable = true
        await phone.runtime.handle(.deviceChanged)
        await phone.settled()
        #expect(phone.health.samples.count == 2, "the water and the drink")
    }

    @Test("the report narrows only what the process was built to have")
    func narrowing() {
        let none = DeviceReport(liveActivitiesEnabled: false, watchAppInstalled: false, healthAvailable: false)
        let phone = DeviceCapabilities.phoneApp.reported(none)
        #expect(!phone.liveActivities && !phone.pairedWatch && !phone.appleHealth)
        #expect(phone.widgets && phone.notifications, "what the report does not speak of stays")
        #expect(DeviceCapabilities.phoneApp.reported(.everything) == .phoneApp)
        #expect(DeviceCapabilities.watchApp.reported(.everything) == .watchApp, "nothing the watch lacks is added")
    }
}
