@testable import WaterlineKit
import WaterlineTestSupport

/// Counts cross-process signals; the scenario delivers them to the app's runtime by hand.
@MainActor
final class RecordingSignal: CrossProcessSignal {
    private(set) var posts = 0
    func post() { posts += 1 }
}
