import Foundation

/// A request that answers only after one final barrier (`sync:push`): its statements are each
/// answered as soon as they have run, in whichever groups they land, and the barrier is answered
/// once every one of them is on disk — or fails if any group holding them was rolled back or
/// could not be synced. So a batch of 500 changes waits for the disk once, not 500 times, and
/// nothing it reports stored is acknowledged before it is durable.
final class DeferredBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: (any Error)?

    /// The batch's statements are task-local: every statement the task runs joins it.
    @TaskLocal static var current: DeferredBatch?

    /// A group holding some of this batch's writes was lost.
    func fail(_ error: any Error) {
        lock.withLock {
            if failure == nil { failure = error }
        }
    }

    /// The first loss, if any.
    var lost: (any Error)? { lock.withLock { failure } }
}
