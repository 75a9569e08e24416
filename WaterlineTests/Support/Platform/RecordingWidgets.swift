@testable import WaterlineKit
import WaterlineTestSupport

/// Counts widget reloads.
@MainActor
final class RecordingWidgets: WidgetReloading {
    private(set) var reloads = 0
    func reloadAll() { reloads += 1 }
}
