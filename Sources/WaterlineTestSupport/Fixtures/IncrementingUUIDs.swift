import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

/// Hands out 00000000-0000-0000-0000-000000000001, …02, … so ids in tests are predictable.
public final class IncrementingUUIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int

    /// - Parameter first: the first number handed out (a second device starts elsewhere, so the
    ///   two never make the same id).
    public init(first: Int = 1) {
        next = first
    }

    public func callAsFunction() -> UUID {
        lock.withLock {
            defer { next += 1 }
            return UUID(number: next)
        }
    }
}
