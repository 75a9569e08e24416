import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// WidgetKit as the system budgets it: reloads asked for while the app is in front are free;
/// the others count against a daily budget (40 to 70 for a widget people look at often: 40 here),
/// and past it they are dropped: the widget keeps showing what it showed
/// (https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date). The budget
/// is the widget's, not a process's: every process of the app (the app, its widget and intents
/// extensions) spends the same one (`WidgetBudget`); the watch's complications have their own.
@MainActor
final class RecordingWidgets: WidgetReloading {
    /// Reloads a day outside the app's foreground.
    static let dailyBudget = 40

    private(set) var reloads = 0
    /// The device's budget, shared by its processes.
    let budget: WidgetBudget
    /// Reloads that counted against the budget, and those dropped past it (every process's).
    var counted: Int { budget.counted }
    var dropped: Int { budget.dropped }
    /// What the widgets show now: the snapshot of the last reload the system took.
    private(set) var showing: WidgetSnapshot?
    /// Whether the app is in front (its reloads are free); set by whoever builds the runtime.
    var appInFront: () -> Bool = { false }
    private let log: PlatformLog

    init(log: PlatformLog, budget: WidgetBudget = WidgetBudget()) {
        self.log = log
        self.budget = budget
    }

    func reload(showing snapshot: WidgetSnapshot) {
        reloads += 1
        log.record(.widgets, "reload")
        if !appInFront() {
            guard budget.spend(within: Self.dailyBudget) else { return }
        }
        showing = snapshot
    }
}
