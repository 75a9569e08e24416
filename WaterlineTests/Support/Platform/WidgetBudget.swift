import Foundation

/// One device's WidgetKit reload budget, which every process of the app spends together (a
/// reload from the widget extension's process counts as one from the app's): what was counted
/// against it today and what was dropped past it.
final class WidgetBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var spent = 0
    private var refused = 0

    var counted: Int { lock.withLock { spent } }
    var dropped: Int { lock.withLock { refused } }

    /// Spends one reload if the day's `limit` allows it; otherwise counts it dropped.
    func spend(within limit: Int) -> Bool {
        lock.withLock {
            guard spent < limit else {
                refused += 1
                return false
            }
            spent += 1
            return true
        }
    }
}
