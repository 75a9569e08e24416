import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// The command line's wiring: the SQLite store in the home directory, and the kit's runtime over
/// it on a platform with no screen surfaces. Every command makes its changes through the runtime's
/// one door, as the app's screens, widgets and watch do; `waterline sync` syncs through the
/// runtime's scheduler, as the app does. Only the runtime (and the sync engine it runs) holds the store.
struct Companion {
    let home: URL
    let runtime: AppRuntime
    private let store: SQLiteSessionStore

    /// - Parameter backend: the server `waterline sync` talks to; the runtime's scheduler runs a
    ///   `SyncEngine` over it. Without one, nothing leaves the machine.
    init(_ options: GlobalOptions, backend: ConvexClient? = nil) async throws {
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
        let service = SessionService(store: store, now: { Companion.now() })
        var engine: SyncEngine?
        if let backend { engine = SyncEngine(store: store, client: backend, backoff: Backoff(baseSeconds: 0.5, capSeconds: 4, maxRetries: 3)) }
        runtime = await Self.runtime(service: service, syncing: engine)
    }

    @MainActor
    private static func runtime(service: SessionService, syncing engine: SyncEngine?) -> AppRuntime {
        var platform = RuntimePlatform.headless(now: { Companion.now() })
        if let engine { platform.sync = engine }
        return AppRuntime(service: service, platform: platform)
    }

    /// Grows whenever any process writes the store (the live screen redraws then).
    func dataVersion() async throws -> Int {
        try await store.dataVersion()
    }

    /// Makes a change; a refusal reads as the command line's one-line error.
    @discardableResult
    func send(_ action: SessionAction) async throws -> ActionResult {
        do {
            return try await runtime.send(action, from: .commandLine)
        } catch SessionServiceError.noActiveSession {
            throw CLIError("no active session; start one with `waterline start`")
        } catch let SessionServiceError.invalid(error) {
            throw CLIError(error.description)
        }
    }

    /// What every surface shows now.
    func state() async throws -> DeviceState {
        try await runtime.reader.currentState()
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
    func activeSession() async throws -> SessionSnapshot {
        guard let update = try await state().active else {
            throw CLIError("no active session; start one with `waterline start`")
        }
        return update
    }

    /// "Undo": removes the active session's newest log if it was written under 5 minutes ago.
    func undoNewestLog() async throws -> (removed: LogEntry, after: ActionResult) {
        let update = try await activeSession()
        // The newest is the one written last, whatever time it was logged for.
        guard let newest = update.logs.max(by: { $0.updatedAt < $1.updatedAt }) else {
            throw CLIError("nothing to undo: the session has no logs")
        }
        let age = Self.now().timeIntervalSince(newest.updatedAt)
        guard age < UndoCommand.window else {
            throw CLIError("nothing to undo: the newest log was made \(Int(age / 60)) min ago (undo works for 5 min); use `waterline delete \(Output.shortId(newest.id))`")
        }
        return (newest, try await send(.deleteLog(id: newest.id)))
    }

    /// A session by id or unique id prefix; without one, the newest session.
    func session(matching prefix: String?) async throws -> SessionSnapshot {
        let sessions = try await runtime.reader.sessions()
        guard let prefix else {
            guard let newest = sessions.first else { throw CLIError("no sessions yet; start one with `waterline start`") }
            return try await runtime.reader.session(id: newest.id)
        }
        let matches = sessions.filter { $0.id.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
        guard matches.count == 1, let match = matches.first else {
            throw CLIError(matches.isEmpty ? "no session with id \(prefix)" : "\(prefix) matches \(matches.count) sessions; give more of the id")
        }
        return try await runtime.reader.session(id: match.id)
    }

    /// A log of the active (or newest) session by id or unique id prefix.
    func log(matching prefix: String) async throws -> LogEntry {
        let normalized = prefix.lowercased()
        guard normalized.count >= 4 else { throw CLIError("give at least 4 characters of the log id (see `waterline log`)") }
        for session in try await runtime.reader.sessions(limit: 10) {
            let matches = try await runtime.reader.session(id: session.id).logs.filter { $0.id.uuidString.lowercased().hasPrefix(normalized) }
            if matches.count > 1 { throw CLIError("\(prefix) matches \(matches.count) logs; give more of the id") }
            if let match = matches.first { return match }
        }
        throw CLIError("no log with id \(prefix) in the recent sessions (see `waterline log`)")
    }

    /// A preset by name (case-insensitive) or id prefix.
    func preset(named name: String) async throws -> DrinkPreset {
        let presets = try await state().presets
        if let exact = presets.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) { return exact }
        let byId = presets.filter { $0.id.uuidString.lowercased().hasPrefix(name.lowercased()) }
        if name.count >= 4, byId.count == 1 { return byId[0] }
        let names = presets.map(\.name).joined(separator: ", ")
        throw CLIError("no preset named \(name); presets: \(names.isEmpty ? "none" : names)")
    }
}
