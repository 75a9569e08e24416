import Foundation
import Testing
@testable import WaterlineRuntime

/// A store that does not open at launch is tried again, on the phone as on the watch.
@Suite("Launched environment")
@MainActor
struct LaunchedEnvironmentTests {
    struct Unopened: LocalizedError {
        var errorDescription: String? { "The store could not be opened." }
    }

    final class Attempts {
        var builds = 0
        var connects = 0
        var failures = 1
    }

    /// As a delegate outside the main actor keeps one (the watch's `WKApplicationDelegate`).
    final class NonisolatedDelegate {
        let launch = LaunchedEnvironment<Int>(build: { 7 }, connect: { _ in })
    }

    @Test("a delegate outside the main actor keeps one, and builds it on the main actor")
    func fromANonisolatedDelegate() {
        #expect(NonisolatedDelegate().launch.connected() == 7)
    }

    @Test("a failed launch says why and builds nothing; the next try builds and connects once; after that it is kept")
    func retries() {
        let attempts = Attempts()
        let launch = LaunchedEnvironment<Int>(build: {
            attempts.builds += 1
            if attempts.failures > 0 {
                attempts.failures -= 1
                throw Unopened()
            }
            return 42
        }, connect: { _ in attempts.connects += 1 })
        #expect(launch.connected() == nil)
        #expect(launch.failure == "The store could not be opened." && launch.environment == nil && attempts.connects == 0)
        #expect(launch.connected() == 42, "Try Again")
        #expect(launch.failure == nil && attempts.connects == 1)
        #expect(launch.connected() == 42 && attempts.builds == 2 && attempts.connects == 1 && launch.attempts == 2, "kept: not built or connected again")
    }
}
