import Foundation
import WaterlineKit
import WaterlineStore

/// The command line's wiring: the SQLite store in the home directory and the session service over it.
struct Companion {
    let home: URL
    let store: SQLiteSessionStore
    let service: SessionService

    init(_ options: GlobalOptions) async throws {
        home = options.homeDirectory
        // Refuse a bad pinned time before anything is opened or written.
        _ = try Self.pinnedNow()
        let path = home.appendingPathComponent("waterline.sqlite").path
        do {
            store = try await SQLiteSessionStore.open(path: path)
        } catch {
            throw CLIError("cannot open the store in \(home.path): \(error)")
        }
        OpenStores.add(store)
        if let damage = store.damage {
            // Reading goes on (export saves what is intact); every write is refused.
            FileHandle.standardError.write(Data("waterline: warning: \(damage.warning)\n".utf8))
        }
        service = SessionService(store: store, now: { Companion.now() })
    }

    /// The current time; `WATERLINE_NOW` (seconds since 1970) pins it, for tests and demos.
    static func now() -> Date {
        (try? pinnedNow()) ?? Date()
    }

    /// The pinned time, nil when none is set; an unreadable or out-of-range value is refused.
    static func pinnedNow() throws -> Date? {
        guard let text = ProcessInfo.processInfo.environment["WATERLINE_NOW"], !text.isEmpty else { return nil }
        guard let seconds = Double(text), Limits.timestamp.contains(seconds) else {
            throw CLIError("WATERLINE_NOW must be \(Limits.timestamp.allowedDescription) (got \(text))")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The active session, or a clear refusal.
    func activeSession() async throws -> SessionUpdate {
        guard let update = try await service.activeSession() else {
            throw CLIError("no active session; start one with `waterline start`")
        }
        return update
    }

    /// "Undo": removes the active session's newest log if it was written under 5 minutes ago.
    func undoNewestLog() async throws -> (removed: LogEntry, after: SessionUpdate) {
        let update = try await activeSession()
        // The newest is the one written last, whatever time it was logged for.
        guard let newest = update.logs.max(by: { $0.updatedAt < $1.updatedAt }) else {
            throw CLIError("nothing to undo: the session has no logs")
        }
        let age = Self.now().timeIntervalSince(newest.updatedAt)
        guard age < UndoCommand.window else {
            throw CLIError("nothing to undo: the newest log was made \(Int(age / 60)) min ago (undo works for 5 min); use `waterline delete \(Output.shortId(newest.id))`")
        }
        return (newest, try await service.deleteLog(id: newest.id))
    }

    /// A session by id or unique id prefix; without one, the newest session.
    func session(matching prefix: String?) async throws -> SessionUpdate {
        let sessions = try await service.sessions()
        guard let prefix else {
            guard let newest = sessions.first else { throw CLIError("no sessions yet; start one with `waterline start`") }
            return try await service.session(id: newest.id)
        }
        let matches = sessions.filter { $0.id.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
        guard matches.count == 1, let match = matches.first else {
            throw CLIError(matches.isEmpty ? "no session with id \(prefix)" : "\(prefix) matches \(matches.count) sessions; give more of the id")
        }
        return try await service.session(id: match.id)
    }

    /// A log of the active (or newest) session by id or unique id prefix.
    func log(matching prefix: String) async throws -> LogEntry {
        let normalized = prefix.lowercased()
        guard normalized.count >= 4 else { throw CLIError("give at least 4 characters of the log id (see `waterline log`)") }
        for session in try await service.sessions(limit: 10) {
            let matches = try await store.logs(sessionId: session.id).filter { $0.id.uuidString.lowercased().hasPrefix(normalized) }
            if matches.count > 1 { throw CLIError("\(prefix) matches \(matches.count) logs; give more of the id") }
            if let match = matches.first { return match }
        }
        throw CLIError("no log with id \(prefix) in the recent sessions (see `waterline log`)")
    }

    /// A preset by name (case-insensitive) or id prefix.
    func preset(named name: String) async throws -> DrinkPreset {
        let presets = try await service.presets()
        if let exact = presets.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) { return exact }
        let byId = presets.filter { $0.id.uuidString.lowercased().hasPrefix(name.lowercased()) }
        if name.count >= 4, byId.count == 1 { return byId[0] }
        let names = presets.map(\.name).joined(separator: ", ")
        throw CLIError("no preset named \(name); presets: \(names.isEmpty ? "none" : names)")
    }
}
