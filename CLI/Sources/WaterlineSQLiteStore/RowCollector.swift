import Foundation
import SQLiteNIO

/// Rows handed over one at a time by SQLite's thread, kept until the query ends (or fails).
final class RowCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [SQLiteRow] = []

    func append(_ row: SQLiteRow) {
        lock.withLock { collected.append(row) }
    }

    var rows: [SQLiteRow] { lock.withLock { collected } }
}
