import Foundation
import Synchronization
@testable import WaterlineCore

/// The Focus filter as the App Group keeps it (the system hands it to `SetFocusFilterIntent`,
/// which saves it there): every process of the phone reads the same one.
final class MemoryFocusFilter: Sendable {
    private let current = Mutex<FocusFilter?>(nil)

    var value: FocusFilter? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
