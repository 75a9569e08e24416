import Foundation
import SQLKit

/// Rows handed over one at a time by the database thread, read once the statements are done.
final class RowBox: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [any SQLRow] = []

    func append(_ row: any SQLRow) {
        lock.withLock { collected.append(row) }
    }

    var rows: [any SQLRow] { lock.withLock { collected } }
}
