import Foundation

/// A `SyncStore` held in memory, for tests, previews and the sync contract suite.
public actor InMemorySessionStore: SyncStore {
    private var storedUser: User?
    private var sessionsById: [UUID: Session] = [:]
    private var logsById: [UUID: LogEntry] = [:]
    private var presetsById: [UUID: DrinkPreset] = [:]
    private var outbox = Outbox()
    private var cursor: SyncCursor?

    public init() {}

    public func user() -> User? { storedUser }

    public func saveUser(_ user: User) {
        let settingsChanged = storedUser?.settings != user.settings
        storedUser = user
        if settingsChanged, !user.settings.isUntouched { outbox.enqueue(.settings(user.settings)) }
    }

    public func activeSession() -> Session? {
        sessionsById.values.first { $0.isActive && $0.deletedAt == nil }
    }

    public func startSession(_ candidate: Session) -> (session: Session, created: Bool) {
        if let active = activeSession() { return (active, false) }
        write(candidate)
        return (candidate, true)
    }

    public func session(id: UUID) -> Session? {
        sessionsById[id].flatMap { $0.deletedAt == nil ? $0 : nil }
    }

    public func sessions(limit: Int?) -> [Session] {
        let live = sessionsById.values.filter { $0.deletedAt == nil }.sorted { $0.startTime > $1.startTime }
        return limit.map { Array(live.prefix($0)) } ?? live
    }

    public func pastSessions(after cursor: HistoryCursor?, limit: Int) -> [Session] {
        let past = sessionsById.values
            .filter { $0.deletedAt == nil && !$0.isActive && (cursor?.precedes($0) ?? true) }
            .sorted { ($0.startTime, $0.id.uuidString) > ($1.startTime, $1.id.uuidString) }
        return Array(past.prefix(limit))
    }

    public func saveSession(_ session: Session) throws {
        if session.isActive, session.deletedAt == nil, let active = activeSession(), active.id != session.id {
            throw SessionStoreError.secondActiveSession(active.id)
        }
        write(session)
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
        outbox.enqueue(.logEntry(log))
    }

    public func presets() -> [DrinkPreset] {
        presetsById.values
            .filter { $0.deletedAt == nil }
            .sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }
    }

    public func preset(id: UUID) -> DrinkPreset? {
        presetsById[id].flatMap { $0.deletedAt == nil ? $0 : nil }
    }

    public func savePreset(_ preset: DrinkPreset) {
        presetsById[preset.id] = preset
        outbox.enqueue(.preset(PresetRecord(preset)))
    }

    public func deleteAll() {
        storedUser = nil
        sessionsById = [:]
        logsById = [:]
        presetsById = [:]
        outbox.removeAll()
        cursor = nil
    }

    // MARK: SyncStore

    public func pendingChanges() -> [PendingChange] { outbox.ordered }

    public func nextChanges(limit: Int) -> [PendingChange] { outbox.next(limit: limit) }

    public func outboxCounts() -> OutboxCounts { outbox.counts }

    public func settle(_ pushed: [PushedChange]) throws {
        outbox.settle(pushed)
        for change in pushed where change.failure == nil {
            if let stored = change.stored { try applyRemote(stored) }
        }
    }

    public func applyPage(_ changes: [SyncPayload], cursor: SyncCursor) throws -> [SyncPayload] {
        var unplaced: [SyncPayload] = []
        for change in changes.inApplyOrder() {
            do {
                try applyRemote(change)
            } catch SessionStoreError.unknownSession {
                // A log whose session has not come yet; nothing of it was written.
                unplaced.append(change)
            }
        }
        self.cursor = cursor
        return unplaced
    }

    public func syncCursor() -> SyncCursor? { cursor }

    public func saveSyncCursor(_ cursor: SyncCursor?) { self.cursor = cursor }

    public func requeueAll() {
        for session in sessionsById.values.sorted(by: { $0.startTime < $1.startTime }) { outbox.enqueue(.session(SessionRecord(session))) }
        for preset in presetsById.values { outbox.enqueue(.preset(PresetRecord(preset))) }
        for log in logsById.values.sorted(by: WaterlineEngine.isOrderedBefore) { outbox.enqueue(.logEntry(log)) }
        if let settings = storedUser?.settings, !settings.isUntouched { outbox.enqueue(.settings(settings)) }
    }

    public func completeChange(_ key: SyncKey, revision: Int) { outbox.complete(key, revision: revision) }

    public func failChange(_ key: SyncKey, revision: Int, reason: String) { outbox.fail(key, revision: revision, reason: reason) }

    @discardableResult
    public func applyRemote(_ payload: SyncPayload) throws -> Bool {
        guard let user = storedUser else { throw SessionStoreError.noUser }
        let replaced: Bool
        switch payload {
        case .session(let record):
            replaced = sessionsById[record.id].map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { sessionsById[record.id] = record.session(userId: user.id) }
        case .logEntry(let log):
            guard sessionsById[log.sessionId] != nil else { throw SessionStoreError.unknownSession(log.sessionId) }
            replaced = logsById[log.id].map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { logsById[log.id] = log }
        case .preset(let record):
            replaced = presetsById[record.id].map { $0.stamp.isReplaced(by: payload.stamp) } ?? true
            if replaced { presetsById[record.id] = record.preset(userId: user.id) }
        case .settings(let settings):
            replaced = Stamp(updatedAt: user.settings.updatedAt, deletedAt: nil).isReplaced(by: payload.stamp)
            if replaced { storedUser?.settings = settings }
        }
        if replaced { outbox.discard(payload.key) }
        return replaced
    }

    private func write(_ session: Session) {
        sessionsById[session.id] = session
        outbox.enqueue(.session(SessionRecord(session)))
    }
}
