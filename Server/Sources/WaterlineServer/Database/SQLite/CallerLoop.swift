import NIOCore

/// The event loop of the connection a request came in on, so that the database thread's answer
/// resumes the request there.
///
/// A continuation resumed from the database or sync thread goes to Swift's global executor, which
/// (NIO's event loops being that executor) takes the loops in turn: half the time not the
/// connection's, and the response then hops back to it. Completing a promise of the connection's
/// own loop instead resumes the waiting task on it, one hop in all.
enum CallerLoop {
    @TaskLocal static var current: (any EventLoop)?

    /// Waits until `start`'s completion is called (from any thread, with the failure if there was
    /// one), resuming on the caller's loop when one is known.
    static func wait(_ start: (@escaping @Sendable ((any Error)?) -> Void) -> Void) async throws {
        if let loop = current {
            let promise = loop.makePromise(of: Void.self)
            start { error in
                if let error { promise.fail(error) } else { promise.succeed() }
            }
            return try await promise.futureResult.get()
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            start { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
