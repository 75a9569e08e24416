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
    /// Makes every change the backend refused wait to be sent again (the person asked to, from
    /// Settings); returns how many. The next push carries them.
    func releaseRefusals() async -> Int
}

extension SyncRunner {
    /// Nothing is refused where nothing is sent (an extension, the command line's commands).
    public func releaseRefusals() async -> Int { 0 }
}
