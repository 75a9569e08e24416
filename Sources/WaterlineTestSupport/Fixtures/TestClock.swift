import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

/// A clock the test moves by hand; the service reads it through `now`.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date = Fixed.start) {
        current = start
    }

    public var now: Date {
        lock.withLock { current }
    }

    public func advance(minutes: Double) {
        lock.withLock { current = current.addingTimeInterval(minutes * 60) }
    }

    public func set(_ date: Date) {
        lock.withLock { current = date }
    }
}
