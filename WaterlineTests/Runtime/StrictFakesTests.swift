import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The platform fakes fail by default what the process they stand in cannot do (`PlatformLog`
/// records an issue for such a call): a test whose runtime asked for such an effect fails,
/// whatever it checks.
@Suite("Fakes that fail by default")
@MainActor
struct StrictFakesTests {
    @Test("each process's fakes pass only what it can reach: no Live Activity or watch from an extension, no signal from the app, nothing of the system's from the command line")
    func possibleSurfaces() async throws {
        let harness = try await ServiceHarness.prepared()
        let app = DeviceProcess(harness)
        #expect(PlatformLog.Surface.allCases.filter { !app.log.allows($0) } == [.signal])
        let widget = DeviceProcess(harness, capabilities: .phoneExtension)
        #expect(PlatformLog.Surface.allCases.filter { !widget.log.allows($0) } == [.liveActivity, .watch])
        let terminal = DeviceProcess(harness, capabilities: .commandLine)
        #expect(PlatformLog.Surface.allCases.filter { !terminal.log.allows($0) } == [.reminders, .nudge, .liveActivity, .widgets, .watch, .signal])
        // A test's own expectation narrows further, and `nil` returns to what the process can reach.
        app.log.expect([.sync])
        #expect(!app.log.allows(.widgets) && app.log.allows(.sync))
        app.log.expect(nil)
        #expect(app.log.allows(.widgets) && !app.log.allows(.signal))
    }
}
