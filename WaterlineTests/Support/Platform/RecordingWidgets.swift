import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// WidgetKit as the system budgets it: reloads asked for while the app is in front are free;
/// the others count against a daily budget (about 40 for a widget people look at often), and
/// past it they are dropped: the widget keeps showing what it showed.
@MainActor
final class RecordingWidgets: WidgetReloading {
    /// Reloads a day outside the app's foreground.
    static let dailyBudget = 40

    private(set) var reloads = 0
    /// Reloads that counted against the budget, and those dropped past it.
    private(set) var counted = 0
    private(set) var dropped = 0
    /// What the widgets show now: the snapshot of the last reload the system took.
    private(set) var showing: WidgetSnapshot?
    /// Whether the app is in front (its reloads are free); set by whoever builds the runtime.
    var appInFront: () -> Bool = { false }
    private let log: PlatformLog

    init(log: PlatformLog) {
        self.log = log
    }

    func reload(showing snapshot: WidgetSnapshot) {
        reloads += 1
        log.record(.widgets, "reload")
        if !appInFront() {
            guard counted < Self.dailyBudget else {
                dropped += 1
                return
            }
            counted += 1
        }
        showing = snapshot
    }
}
