import Foundation

/// The rows reads have had to leave out so far, each once, in the order they were met.
final class UnreadableRows: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<UnreadableRow> = []
    private var ordered: [UnreadableRow] = []

    func note(table: String, key: String, error: any Error) {
        var reason = String(describing: error).replacingOccurrences(of: "\n", with: " ")
        if reason.count > 160 { reason = String(reason.prefix(160)) + "…" }
        let row = UnreadableRow(table: table, key: key, reason: reason)
        lock.withLock {
            if seen.insert(row).inserted { ordered.append(row) }
        }
    }

    var all: [UnreadableRow] { lock.withLock { ordered } }
}
