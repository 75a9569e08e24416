@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Counts cross-process signals; the scenario delivers them to the app's runtime by hand.
@MainActor
final class RecordingSignal: CrossProcessSignal {
    private(set) var posts = 0
    private let log: PlatformLog

    init(log: PlatformLog) {
        self.log = log
    }

    func post() {
        posts += 1
        log.record(.signal, "post")
    }
}
