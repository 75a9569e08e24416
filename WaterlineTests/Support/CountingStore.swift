import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// A store that counts its reads, over an in-memory one: how often an action reads the session.
final class CountingStore: SessionStore, @unchecked Sendable {
    let inner = InMemorySessionStore()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// How many times `name` was called since the last `reset()`.
    func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }

    func reset() { lock.withLock { counts = [:] } }

    private func read(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }

    func user() async throws -> User? { read("user"); return try await inner.user() }
    func saveUser(_ user: User) async throws { try await inner.saveUser(user) }
    func activeSession() async throws -> Session? { read("activeSession"); return try await inner.activeSession() }
    func startSession(_ candidate: Session) async throws -> (session: Session, created: Bool) { try await inner.startSession(candidate) }
    func endSession(_ ended: Session) async throws -> Bool { try await inner.endSession(ended) }
    func session(id: UUID) async throws -> Session? { read("session"); return try await inner.session(id: id) }
    func sessions(limit: Int?) async throws -> [Session] { read("sessions"); return try await inner.sessions(limit: limit) }
    func saveSession(_ session: Session) async throws { try await inner.saveSession(session) }
    func pastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session] {
        read("pastSessions")
        return try await inner.pastSessions(after: cursor, limit: limit)
    }
    func logs(sessionId: UUID) async throws -> [LogEntry] { read("logs"); return try await inner.logs(sessionId: sessionId) }
    func log(id: UUID) async throws -> LogEntry? { read("log"); return try await inner.log(id: id) }
    func saveLog(_ log: LogEntry) async throws { try await inner.saveLog(log) }
    func presets() async throws -> [DrinkPreset] { read("presets"); return try await inner.presets() }
    func preset(id: UUID) async throws -> DrinkPreset? { read("preset"); return try await inner.preset(id: id) }
    func savePreset(_ preset: DrinkPreset) async throws { try await inner.savePreset(preset) }
    func saveTogether(sessions: [Session], logs: [LogEntry]) async throws { try await inner.saveTogether(sessions: sessions, logs: logs) }
    func deleteAll() async throws { try await inner.deleteAll() }
    func changes(after version: Int) async throws -> StoreChangeSet { try await inner.changes(after: version) }
    func logFeed(after sequence: Int, limit: Int) async throws -> LogFeedPage { read("logFeed"); return try await inner.logFeed(after: sequence, limit: limit) }
}
