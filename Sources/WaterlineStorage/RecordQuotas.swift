import Foundation
import WaterlineCore
import WaterlineAPI

/// The room a pulled page has for new live records under the quotas every backend keeps
/// (`Limits.sessionsPerAccount`, `presetsPerAccount`, `logsPerSession`): a server that does not
/// keep them (a broken or hostile one, forty endless pages of new logs) cannot make this device
/// hold more than any backend would. Each count is read from the store the first time a page
/// needs it, then kept up as the page adds records. A change to a record already here, and a
/// tombstone, always has room. What the phone takes from its watch is held to the same room.
struct RecordQuotas {
    /// The quota a new live record of `change`'s kind counts against, as a refusal says it.
    static func quota(of change: SyncPayload) -> String {
        switch change {
        case .session: "\(Limits.sessionsPerAccount) sessions"
        case .preset: "\(Limits.presetsPerAccount) presets"
        case .logEntry: "\(Limits.logsPerSession) logs a session"
        case .settings: "one settings"
        }
    }

    private var sessions: Int?
    private var presets: Int?
    private var logs: [UUID: Int] = [:]

    /// Whether `change` may be stored; counts it when it is a new live record that may.
    mutating func admits(_ change: SyncPayload, in rows: some StoreRows) async throws -> Bool {
        switch change {
        case .session(let record):
            guard record.deletedAt == nil, try await rows.readSession(id: record.id) == nil else { return true }
            let count = if let sessions { sessions } else { try await rows.readSessions(limit: nil).count }
            sessions = count
            guard count < Limits.sessionsPerAccount else { return false }
            sessions = count + 1
        case .preset(let record):
            guard record.deletedAt == nil, try await rows.readPreset(id: record.id) == nil else { return true }
            let count = if let presets { presets } else { try await rows.readPresets().count }
            presets = count
            guard count < Limits.presetsPerAccount else { return false }
            presets = count + 1
        case .logEntry(let log):
            guard log.deletedAt == nil, try await rows.readLog(id: log.id) == nil else { return true }
            let count = if let known = logs[log.sessionId] { known } else { try await rows.readLogs(sessionId: log.sessionId).count }
            logs[log.sessionId] = count
            guard count < Limits.logsPerSession else { return false }
            logs[log.sessionId] = count + 1
        case .settings:
            return true
        }
        return true
    }
}
