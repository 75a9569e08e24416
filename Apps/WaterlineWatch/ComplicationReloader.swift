import WaterlineCore
import WaterlineRuntime
import WidgetKit

/// The watch's `WidgetReloading`: the complication has no store of its own, so the snapshot the
/// plan hands over is written first (`ComplicationSnapshot`), then its timelines reload, once.
@MainActor
final class ComplicationReloader: WidgetReloading {
    func reload(showing snapshot: WidgetSnapshot) {
        ComplicationSnapshot.save(snapshot)
        WidgetCenter.shared.reloadAllTimelines()
    }
}
