import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// What the runtime's `SyncScheduler` runs: the app's `SyncEngine`, nothing in an extension's
/// process (the app pushes what an extension wrote), a recording fake in tests. Calls never
/// overlap: the scheduler runs one at a time.
public protocol SyncRunner: Sendable {
    /// Pulls what changed elsewhere after the stored cursor, then pushes what waits.
    func pull() async -> SyncReport
    /// Pushes what waits.
    func push() async -> SyncReport
}
