import Foundation
import WaterlineSQLiteStore

/// The stores a command opened, closed by `Main` once the command is done (SQLite's connection
/// must be closed before it goes away, and a refusal ends the process straight after).
enum OpenStores {
    nonisolated(unsafe) private static var stores: [SQLiteSessionStore] = []
    private static let lock = NSLock()

    static func add(_ store: SQLiteSessionStore) {
        lock.withLock { stores.append(store) }
    }

    static func closeAll() async {
        let open = lock.withLock {
            defer { stores.removeAll() }
            return stores
        }
        for store in open { await store.close() }
    }
}
