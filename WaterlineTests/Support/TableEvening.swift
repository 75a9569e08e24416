import Foundation
@testable import WaterlineCore
@testable import WaterlineRuntime
import WaterlineTestSupport

/// The evening both consequence tables start from: a person (water due at every drink, the
/// warning at 3) with one ended session yesterday and, when asked, a session running now with a drink
/// in it, ten minutes in.
struct TableEvening: Sendable {
    let harness: ServiceHarness
    let past: Session
    let drink: LogEntry?
    let snapshot: SessionSnapshot?

    init(session running: Bool) async throws {
        harness = try await ServiceHarness.prepared(UserSettings(waterEveryNDrinks: 1, warningThreshold: 3))
        _ = try await harness.service.startSession()
        harness.clock.advance(minutes: 60)
        past = try await harness.service.endSession().snapshot.session
        harness.clock.advance(minutes: 24 * 60)
        if running {
            _ = try await harness.service.startSession()
            harness.clock.advance(minutes: 5)
            drink = try await harness.service.logDrink(.quick, source: .phone).changedLog
            snapshot = try await harness.service.activeSession()
        } else {
            drink = nil
            snapshot = nil
        }
        harness.clock.advance(minutes: 5)
    }

    var presets: [DrinkPreset] { get async throws { try await harness.service.presets() } }
}
