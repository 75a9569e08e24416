import NIOConcurrencyHelpers

/// How many connections each client (`ClientAddress`) holds now, shared by every connection.
final class ConnectionsPerClient: Sendable {
    let limit: Int
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection from `client`; false (and not counted) when it already holds `limit`.
    func admit(_ client: String) -> Bool {
        open.withLockedValue { open in
            let held = open[client, default: 0]
            guard held < limit else { return false }
            open[client] = held + 1
            return true
        }
    }

    /// A connection `admit` counted has closed.
    func release(_ client: String) {
        open.withLockedValue { open in
            let held = (open[client] ?? 1) - 1
            open[client] = held > 0 ? held : nil
        }
    }

    /// Connections `client` holds now.
    func held(by client: String) -> Int {
        open.withLockedValue { $0[client, default: 0] }
    }
}
