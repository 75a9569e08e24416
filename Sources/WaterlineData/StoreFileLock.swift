#if canImport(SwiftData)
import Foundation

/// Write transactions of every process that opens the shared store (the app, the intents, widget
/// and notification extensions), one at a time: an exclusive `flock` on a file beside the store
/// for the length of one transaction. SwiftData's own save does not span a transaction's reads, so
/// without it two processes could both find no night running and both start one.
///
/// Held only while a transaction runs (milliseconds) and never across a suspension of the app: iOS
/// ends a suspended app that holds a lock in an App Group container.
final class StoreFileLock: Sendable {
    private let path: String

    /// The lock of the App Group's store; nil where the container cannot be found (tests, previews).
    init?(appGroup: String) {
        guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else { return nil }
        path = folder.appendingPathComponent("waterline-store.lock").path
    }

    /// Runs `body`, in the caller's isolation, holding the lock; without a lock file (it could not
    /// be opened) it runs alone in this process only, as before.
    func holding<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> T {
        let descriptor = open(path, O_CREAT | O_RDWR, 0o600)
        if descriptor >= 0 { flock(descriptor, LOCK_EX) }
        defer {
            if descriptor >= 0 {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        return try await body()
    }
}
#endif
