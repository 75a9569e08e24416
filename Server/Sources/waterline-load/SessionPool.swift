import Foundation
import WaterlineAPI
import WaterlineCore

/// Ended sessions enough for every log a run sends, handed out in order so none passes the
/// server's quota of `Limits.logsPerSession` logs per session.
final class SessionPool: @unchecked Sendable {
    private let sessions: [SessionRecord]
    private let lock = NSLock()
    private var handedOut = 0

    private init(sessions: [SessionRecord]) {
        self.sessions = sessions
    }

    /// Creates (through `client`) the sessions `logs` logs need.
    static func make(for logs: Int, through client: ConvexClient) async throws -> SessionPool {
        let count = (logs + Limits.logsPerSession - 1) / Limits.logsPerSession
        var sessions: [SessionRecord] = []
        for _ in 0..<max(1, count) {
            let now = Date().roundedToMilliseconds
            let session = SessionRecord(id: UUID(), startTime: now, endTime: now, isActive: false, updatedAt: now)
            sessions.append(try await client.call(Sessions.Upsert.self, session))
        }
        return SessionPool(sessions: sessions)
    }

    /// The session the next log goes into.
    func next() -> SessionRecord {
        lock.withLock {
            defer { handedOut += 1 }
            return sessions[min(sessions.count - 1, handedOut / Limits.logsPerSession)]
        }
    }
}
