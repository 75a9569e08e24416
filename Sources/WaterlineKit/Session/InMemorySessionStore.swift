import Foundation

/// A `SessionStore` held in memory, for tests and previews.
public actor InMemorySessionStore: SessionStore {
    private var storedUser: User?
    private var sessionsById: [UUID: Session] = [:]
    private var logsById: [UUID: LogEntry] = [:]
    private var presetsById: [UUID: DrinkPreset] = [:]

    public init(user: User? = nil, sessions: [Session] = [], logs: [LogEntry] = [], presets: [DrinkPreset] = []) {
        storedUser = user
        for session in sessions { sessionsById[session.id] = session }
        for log in logs { logsById[log.id] = log }
        for preset in presets { presetsById[preset.id] = preset }
    }

    public func user() -> User? { storedUser }

    public func saveUser(_ user: User) { storedUser = user }

    public func activeSession() -> Session? {
        sessionsById.values.first { $0.isActive && $0.deletedAt == nil }
    }

    public func startSession(_ candidate: Session) -> (session: Session, created: Bool) {
        if let active = activeSession() { return (active, false) }
        sessionsById[candidate.id] = candidate
        return (candidate, true)
    }

    public func session(id: UUID) -> Session? {
        sessionsById[id].flatMap { $0.deletedAt == nil ? $0 : nil }
    }

    public func sessions(limit: Int?) -> [Session] {
        let live = sessionsById.values.filter { $0.deletedAt == nil }.sorted { $0.startTime > $1.startTime }
        return limit.map { Array(live.prefix($0)) } ?? live
    }

    public func saveSession(_ session: Session) throws {
        if session.isActive, session.deletedAt == nil, let active = activeSession(), active.id != session.id {
            throw SessionStoreError.secondActiveSession(active.id)
        }
        sessionsById[session.id] = session
    }

    public func logs(sessionId: UUID) -> [LogEntry] {
        logsById.values
            .filter { $0.sessionId == sessionId && $0.deletedAt == nil }
            .sorted(by: WaterlineEngine.isOrderedBefore)
    }

    public func log(id: UUID) -> LogEntry? { logsById[id] }

    public func saveLog(_ log: LogEntry) throws {
        guard sessionsById[log.sessionId] != nil else { throw SessionStoreError.unknownSession(log.sessionId) }
        logsById[log.id] = log
    }

    public func presets() -> [DrinkPreset] {
        presetsById.values
            .filter { $0.deletedAt == nil }
            .sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }
    }

    public func preset(id: UUID) -> DrinkPreset? {
        presetsById[id].flatMap { $0.deletedAt == nil ? $0 : nil }
    }

    public func savePreset(_ preset: DrinkPreset) { presetsById[preset.id] = preset }

    public func deleteAll() {
        storedUser = nil
        sessionsById = [:]
        logsById = [:]
        presetsById = [:]
    }
}
