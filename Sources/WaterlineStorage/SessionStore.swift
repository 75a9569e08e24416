import Foundation
import WaterlineCore
import WaterlineAPI

/// Where sessions, logs, presets and the user live on a device. Deletes are tombstones
/// (records saved with `deletedAt`); the read methods return live records only.
public protocol SessionStore: Sendable {
    /// The person on this device, once set up.
    func user() async throws -> User?
    func saveUser(_ user: User) async throws

    /// The one active session, if any.
    func activeSession() async throws -> Session?
    /// Inserts `candidate` unless a session is already active, in one step so that two
    /// surfaces starting at once still make one session. Returns the active session.
    func startSession(_ candidate: Session) async throws -> (session: Session, created: Bool)
    /// Saves `ended`, the end of a session, only if that session still runs, in one step so that two
    /// surfaces ending it at once end it once (the second end does not rewrite the first).
    /// Returns whether it was saved.
    func endSession(_ ended: Session) async throws -> Bool
    func session(id: UUID) async throws -> Session?
    /// Live sessions, newest start first, at most `limit` when given.
    func sessions(limit: Int?) async throws -> [Session]
    func saveSession(_ session: Session) async throws
    /// Ended (past) live sessions after `cursor` in history order (newest start first, then id
    /// descending), at most `limit`: a page of the History screen, read from the store, not all at once.
    func pastSessions(after cursor: HistoryCursor?, limit: Int) async throws -> [Session]

    /// A session's live logs in replay order (timestamp, then id).
    func logs(sessionId: UUID) async throws -> [LogEntry]
    /// A log by id, tombstoned or not, so a repeated delivery can be recognised.
    func log(id: UUID) async throws -> LogEntry?
    func saveLog(_ log: LogEntry) async throws

    /// Live presets by `sortOrder`.
    func presets() async throws -> [DrinkPreset]
    func preset(id: UUID) async throws -> DrinkPreset?
    func savePreset(_ preset: DrinkPreset) async throws

    /// Saves the sessions, then the logs, in one step: every one of them, or none (an action that
    /// writes several records: a past session deleted with its logs, a forgotten session ended as the
    /// log that starts the next one is written). The same rules as one by one.
    func saveTogether(sessions: [Session], logs: [LogEntry]) async throws

    /// Removes every record of every kind.
    func deleteAll() async throws
    /// What every commit since `version` changed, whoever wrote it (an action, a pull, a paired
    /// device, another process), and the version to ask from next: the one way the runtime
    /// learns of a write.
    func changes(after version: Int) async throws -> StoreChangeSet
    /// The logs written after `sequence` in the change feed, as they stand now, reading at most
    /// `limit` entries, and the last entry read (`StoreRules.logFeed`): what Health copies, and
    /// what steps a running session on.
    func logFeed(after sequence: Int, limit: Int) async throws -> LogFeedPage
}
