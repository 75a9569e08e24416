import Foundation

/// A clock the test moves by hand; the service reads it through `now`.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Fixed.start) {
        current = start
    }

    var now: Date {
        lock.withLock { current }
    }

    func advance(minutes: Double) {
        lock.withLock { current = current.addingTimeInterval(minutes * 60) }
    }

    func set(_ date: Date) {
        lock.withLock { current = date }
    }
}
