import Foundation
import Synchronization

/// A value the system keeps for every process to read, as a test sets it: the Focus filter the
/// App Group holds (the system hands it to `SetFocusFilterIntent`, which saves it there), what the
/// device reports it has (`DeviceReport`).
final class MemoryValue<Value: Sendable>: Sendable {
    private let current: Mutex<Value>

    init(_ value: Value) {
        current = Mutex(value)
    }

    var value: Value {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
