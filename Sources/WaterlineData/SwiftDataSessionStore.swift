#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineKit

/// WaterlineKit's `SyncStore` on SwiftData. Each method is one save of the context, so a
/// record and the pending change it causes are written together.
@ModelActor
public actor SwiftDataSessionStore: SyncStore {
    // MARK: SessionStore

    public func user() throws -> WaterlineKit.User? {
        try storedUser()?.value
    }

    public func saveUser(_ value: WaterlineKit.User) throws {
        let existing = try storedUser()
        let settingsChanged = existing?.settings != value.settings
        if let existing {
            existing.update(from: value)
        } else {
            modelContext.insert(User(value))
        }
        if settingsChanged { try enqueue(.settings(value.settings)) }
        try modelContext.save()
    }

    public func activeSession() throws -> WaterlineKit.Session? {
        try storedActiveSession()?.value
    }

    public func startSession(_ candidate: WaterlineKit.Session) throws -> (session: WaterlineKit.Session, created: Bool) {
        if let active = try storedActiveSession() { return (active.value, false) }
        try write(candidate)
        try modelContext.save()
        return (candidate, true)
    }

    public func session(id: UUID) throws -> WaterlineKit.Session? {
        try storedSession(id).flatMap { $0.deletedAt == nil ? $0.value : nil }
    }

    public func sessions(limit: Int?) throws -> [WaterlineKit.Session] {
        var descriptor = FetchDescriptor<Session>(
            predicate: #Predicate { $0.deletedAt == nil }, sortBy: [SortDescriptor(\.startTime, order: .reverse)]
        )
        descriptor.fetchLimit = limit
        return try modelContext.fetch(descriptor).map(\.value)
    }

    public func saveSession(_ value: WaterlineKit.Session) throws {
        if value.isActive, value.deletedAt == nil, let active = try storedActiveSession(), active.id != value.id {
            throw SessionStoreError.secondActiveSession(active.id)
        }
        try write(value)
        try modelContext.save()
    }

    public func logs(sessionId: UUID) throws -> [WaterlineKit.LogEntry] {
        let descriptor = FetchDescriptor<LogEntry>(predicate: #Predicate { $0.sessionId == sessionId && $0.deletedAt == nil })
        return try modelContext.fetch(descriptor).map(\.value).sorted(by: WaterlineEngine.isOrderedBefore)
    }

    public func log(id: UUID) throws -> WaterlineKit.LogEntry? {
        try storedLog(id)?.value
    }

    public func saveLog(_ value: WaterlineKit.LogEntry) throws {
        guard let session = try storedSession(value.sessionId) else { throw SessionStoreError.unknownSession(value.sessionId) }
        try write(value, in: session)
        try enqueue(.logEntry(value))
        try modelContext.save()
    }

    public func presets() throws -> [WaterlineKit.DrinkPreset] {
        let descriptor = FetchDescriptor<DrinkPreset>(
            predicate: #Predicate { $0.deletedAt == nil }, sortBy: [SortDescriptor(\.sortOrder), SortDescriptor(\.name)]
        )
        return try modelContext.fetch(descriptor).map(\.value)
    }

    public func preset(id: UUID) throws -> WaterlineKit.DrinkPreset? {
        try storedPreset(id).flatMap { $0.deletedAt == nil ? $0.value : nil }
    }

    public func savePreset(_ value: WaterlineKit.DrinkPreset) throws {
        try write(value)
        try enqueue(.preset(PresetRecord(value)))
        try modelContext.save()
    }

    public func deleteAll() throws {
        try modelContext.delete(model: LogEntry.self)
        try modelContext.delete(model: Session.self)
        try modelContext.delete(model: DrinkPreset.self)
        try modelContext.delete(model: User.self)
        try modelContext.delete(model: PendingChange.self)
        try modelContext.save()
    }

    // MARK: SyncStore

    public func pendingChanges() throws -> [WaterlineKit.PendingChange] {
        try outbox().ordered
    }

    public func completeChange(_ key: SyncKey, revision: Int) throws {
        try updateOutbox { $0.complete(key, revision: revision) }
        try modelContext.save()
    }

    public func failChange(_ key: SyncKey, revision: Int, reason: String) throws {
        try updateOutbox { $0.fail(key, revision: revision, reason: reason) }
        try modelContext.save()
    }

    @discardableResult
    public func applyRemote(_ payload: SyncPayload) throws -> Bool {
        guard let user = try storedUser() else { throw SessionStoreError.noUser }
        let replaced: Bool
        switch payload {
        case .session(let record):
            let local = try storedSession(record.id)
            replaced = local.map { Stamp(updatedAt: $0.updatedAt, deletedAt: $0.deletedAt).isReplaced(by: payload.stamp) } ?? true
            if replaced { try write(record.session(userId: user.id), enqueueing: false) }
        case .logEntry(let log):
            guard let session = try storedSession(log.sessionId) else { throw SessionStoreError.unknownSession(log.sessionId) }
            let local = try storedLog(log.id)
            replaced = local.map { Stamp(updatedAt: $0.updatedAt, deletedAt: $0.deletedAt).isReplaced(by: payload.stamp) } ?? true
            if replaced { try write(log, in: session) }
        case .preset(let record):
            let local = try storedPreset(record.id)
            replaced = local.map { Stamp(updatedAt: $0.updatedAt, deletedAt: $0.deletedAt).isReplaced(by: payload.stamp) } ?? true
            if replaced { try write(record.preset(userId: user.id)) }
        case .settings(let settings):
            replaced = Stamp(updatedAt: user.settings.updatedAt, deletedAt: nil).isReplaced(by: payload.stamp)
            if replaced {
                var value = user.value
                value.settings = settings
                user.update(from: value)
            }
        }
        if replaced { try updateOutbox { $0.discard(payload.key) } }
        try modelContext.save()
        return replaced
    }

    // MARK: Rows

    private func storedUser() throws -> User? {
        try modelContext.fetch(FetchDescriptor<User>()).first
    }

    private func storedActiveSession() throws -> Session? {
        var descriptor = FetchDescriptor<Session>(predicate: #Predicate { $0.isActive && $0.deletedAt == nil })
        descriptor.fetchLimit = 1
        return try modelContext.fetch(descriptor).first
    }

    private func storedSession(_ id: UUID) throws -> Session? {
        try modelContext.fetch(FetchDescriptor<Session>(predicate: #Predicate { $0.id == id })).first
    }

    private func storedLog(_ id: UUID) throws -> LogEntry? {
        try modelContext.fetch(FetchDescriptor<LogEntry>(predicate: #Predicate { $0.id == id })).first
    }

    private func storedPreset(_ id: UUID) throws -> DrinkPreset? {
        try modelContext.fetch(FetchDescriptor<DrinkPreset>(predicate: #Predicate { $0.id == id })).first
    }

    private func write(_ value: WaterlineKit.Session, enqueueing: Bool = true) throws {
        if let existing = try storedSession(value.id) {
            existing.update(from: value)
        } else {
            let session = Session(value)
            modelContext.insert(session)
            session.user = try storedUser()
        }
        if enqueueing { try enqueue(.session(SessionRecord(value))) }
    }

    private func write(_ value: WaterlineKit.LogEntry, in session: Session) throws {
        if let existing = try storedLog(value.id) {
            existing.update(from: value)
            existing.session = session
        } else {
            let log = LogEntry(value)
            modelContext.insert(log)
            log.session = session
        }
    }

    private func write(_ value: WaterlineKit.DrinkPreset) throws {
        if let existing = try storedPreset(value.id) {
            existing.update(from: value)
        } else {
            let preset = DrinkPreset(value)
            modelContext.insert(preset)
            preset.user = try storedUser()
        }
    }

    private func outbox() throws -> Outbox {
        Outbox(changes: try modelContext.fetch(FetchDescriptor<PendingChange>()).map { try $0.value() })
    }

    private func updateOutbox(_ change: (inout Outbox) -> Void) throws {
        var outbox = try outbox()
        change(&outbox)
        let rows = try modelContext.fetch(FetchDescriptor<PendingChange>())
        let kept = Dictionary(uniqueKeysWithValues: outbox.ordered.map { ($0.id.description, $0) })
        for row in rows where kept[row.key] == nil { modelContext.delete(row) }
        for (key, change) in kept {
            if let row = rows.first(where: { $0.key == key }) {
                row.revision = change.revision
                row.sequence = change.sequence
                row.failure = change.failure
                row.payloadJSON = try WaterlineCoding.encoder(pretty: false).encode(change.payload)
            } else {
                modelContext.insert(try PendingChange(change))
            }
        }
    }

    private func enqueue(_ payload: SyncPayload) throws {
        try updateOutbox { $0.enqueue(payload) }
    }
}
#endif
