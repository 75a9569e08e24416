import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The platform fakes fail by default, as isowords' failing clients do: a test builds each process
/// saying which surfaces it expects it to reach, and any other call is an issue, reported where the
/// process was built. What the process cannot do at all fails even when the test expects it.
@Suite("Fakes that fail by default")
@MainActor
struct StrictFakesTests {
    @Test("each process's fakes pass only what it can reach: no Live Activity, watch or Health from an extension, no signal from the app, nothing of the system's from the command line, no Health on the wrist")
    func possibleSurfaces() async throws {
        let harness = try await ServiceHarness.prepared()
        let everything = Set(PlatformLog.Surface.allCases)
        let app = DeviceProcess(harness, expecting: everything)
        #expect(PlatformLog.Surface.allCases.filter { !app.log.allows($0) } == [.signal])
        let widget = DeviceProcess(harness, capabilities: .phoneExtension, expecting: everything)
        #expect(PlatformLog.Surface.allCases.filter { !widget.log.allows($0) } == [.liveActivity, .watch, .health])
        let terminal = DeviceProcess(harness, capabilities: .commandLine, expecting: everything)
        #expect(PlatformLog.Surface.allCases.filter { !terminal.log.allows($0) } == [.reminders, .nudge, .liveActivity, .widgets, .watch, .signal, .health])
        let wrist = PairedWatch(clock: harness.clock, phone: app.runtime, expecting: everything)
        #expect(PlatformLog.Surface.allCases.filter { !wrist.log.allows($0) } == [.liveActivity, .watch, .signal, .health])
        // A step of a test narrows further, and `nil` returns to what the process was built expecting.
        app.log.expect([.sync])
        #expect(!app.log.allows(.widgets) && app.log.allows(.sync))
        app.log.expect(nil)
        #expect(app.log.allows(.widgets) && !app.log.allows(.signal))
    }

    @Test("a process built expecting nothing fails its test at the first effect, reported where the test built it; one expecting what it reaches passes")
    func failsByDefault() async throws {
        let harness = try await ServiceHarness.prepared()
        let built = #_sourceLocation
        let silent = DeviceProcess(harness)
        try await withKnownIssue("a session the test did not expect reaches the reminders, widgets, watch, sync and screens") {
            await silent.runtime.handle(.launched)
            _ = try await silent.runtime.send(.startSession)
            await silent.settled()
        } matching: { issue in
            // Each is reported at the line that built the process, the line after `built`.
            issue.comments.map(\.rawValue).joined().hasPrefix("unexpected call to ") && issue.sourceLocation?.line == built.line + 1
        }
        #expect(silent.log.surfaces(since: 0).isSuperset(of: [.reminders, .widgets, .sync, .screens]))

        // The same session on a process that says what it expects records nothing.
        let expecting = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await expecting.runtime.handle(.launched)
        _ = try await expecting.runtime.send(.logWater(source: .phone))
        await expecting.settled()
        #expect(expecting.log.surfaces(since: 0).contains(.widgets))
    }

    @Test("the watch's fakes fail by default too, and what no watch app can do fails even when expected")
    func wristFailsByDefault() async throws {
        let harness = try await ServiceHarness.prepared()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens])
        let wrist = PairedWatch(clock: harness.clock, phone: phone.runtime)
        try await withKnownIssue("starting a session on the wrist plans its reminders and reloads its face") {
            await wrist.launch()
            _ = try await wrist.runtime.send(.startSession)
            await wrist.settled()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("on the watch")
        }
        let everything = Set(PlatformLog.Surface.allCases)
        let another = PairedWatch(clock: harness.clock, phone: phone.runtime, expecting: everything)
        await withKnownIssue("a signal is what an extension sends; no watch app can") {
            another.log.record(.signal, "post")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("a call to signal on the watch, which this process cannot reach")
        }
    }
}
