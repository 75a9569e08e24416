@testable import WaterlineKit
import WaterlineTestSupport

/// Counts the runtime's requests to sync.
@MainActor
final class RecordingSync: SyncTrigger {
    private(set) var requests = 0
    func syncSoon() { requests += 1 }
}
