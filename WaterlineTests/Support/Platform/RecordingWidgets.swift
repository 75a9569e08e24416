@testable import WaterlineKit
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
