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
/// A timeline that asks to be reloaded at a date (`.after(_:)`, here `WidgetSelfReload.date`) is
/// reloaded then by WidgetKit itself, reading the store as it stands, on the same budget
/// (https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy).
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
    /// What the widget extension reads from the shared store when WidgetKit reloads it by itself;
    /// set by whoever builds the runtime.
    var readStore: () async -> WidgetSnapshot? = { nil }
    /// Reloads WidgetKit made by itself, as the timeline asked.
    private(set) var selfReloads = 0
    private let log: PlatformLog

    init(log: PlatformLog, budget: WidgetBudget = WidgetBudget()) {
        self.log = log
        self.budget = budget
    }

    /// Time has come to `now`: when the timeline shown asked to be reloaded by then, WidgetKit
    /// reloads it, the widget reading the store (each reload asks again, as its timeline says).
    func timePassed(to now: Date) async {
        while let showing, let due = WidgetSelfReload.date(for: showing), due <= now {
            guard budget.spend(within: Self.dailyBudget), let read = await readStore() else { return }
            selfReloads += 1
            log.record(.widgets, "self-reload")
            // A reload the test let pass late reads the store as it is now.
            self.showing = read
        }
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
