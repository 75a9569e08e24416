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

    /// Closes every store, first saying on stderr which rows the command had to leave out.
    static func closeAll() async {
        let open = lock.withLock {
            defer { stores.removeAll() }
            return stores
        }
        for store in open {
            let left = store.unreadableRows
            if !left.isEmpty {
                let list = left.prefix(5).map(\.description).joined(separator: "; ") + (left.count > 5 ? "; and \(left.count - 5) more" : "")
                FileHandle.standardError.write(Data((
                    "waterline: warning: \(left.count) \(left.count == 1 ? "record" : "records") in the store could not be read and "
                        + "\(left.count == 1 ? "was" : "were") left out of this (and left in the file as \(left.count == 1 ? "it is" : "they are")): \(list)\n"
                ).utf8))
            }
            await store.close()
        }
    }
}
