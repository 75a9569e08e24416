import Foundation

/// Hands out 00000000-0000-0000-0000-000000000001, …02, … so ids in tests are predictable.
final class IncrementingUUIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 1

    func callAsFunction() -> UUID {
        lock.withLock {
            defer { next += 1 }
            return UUID(number: next)
        }
    }
}

extension UUID {
    /// A readable fixed id: `UUID(number: 7)` is 00000000-0000-0000-0000-000000000007.
    init(number: Int) {
        let hex = String(number, radix: 16)
        let padded = String(repeating: "0", count: 12 - hex.count) + hex
        self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
    }
}
