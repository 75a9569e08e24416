@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Counts widget reloads.
@MainActor
final class RecordingWidgets: WidgetReloading {
    private(set) var reloads = 0
    private let log: PlatformLog

    init(log: PlatformLog) {
        self.log = log
    }

    func reloadAll() {
        reloads += 1
        log.record(.widgets, "reload")
    }
}
