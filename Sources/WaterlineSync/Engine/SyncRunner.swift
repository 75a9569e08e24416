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
    /// The account whose records it syncs, which signing in links and a choice of whose data this
    /// is settles (the runtime's `.signedIn` and `.accountChosen`): the engine itself.
    var account: (any SyncedAccount)? { get }
}

extension SyncRunner {
    /// Nothing is refused where nothing is sent (an extension, the command line's commands).
    public func releaseRefusals() async -> Int { 0 }
    /// No account of its own: an extension syncs nothing, and the watch syncs with its phone.
    public var account: (any SyncedAccount)? { nil }
}
