import Foundation
import WaterlineCore
import WaterlineAPI

/// The store's change feed: every write of a record here, from any writer (an action, a pull, a
/// paired device's push, a summary made again), takes the next place in the feed, so a paired
/// device (the watch) pulls what changed since its cursor instead of everything it keeps.
extension StoreRules {
    /// Gives the record `key` the next place in the feed. Every row write of a record in
    /// `StoreRules` is followed by this, in the same transaction (the `put…` functions).
    static func announce(_ key: SyncKey, fromPeer: Bool = false, in rows: some StoreRows) async throws {
        try await rows.writeFeedEntry(FeedEntry(key: key, sequence: rows.readLastFeedSequence() + 1, fromPeer: fromPeer))
    }

    static func putSession(_ session: Session, in rows: some StoreRows) async throws {
        try await rows.writeSession(session)
        try await announce(SyncKey(entity: .session, id: session.id), in: rows)
    }

    static func putLog(_ log: LogEntry, in rows: some StoreRows) async throws {
        try await rows.writeLog(log)
        try await announce(SyncKey(entity: .logEntry, id: log.id), in: rows)
    }

    static func putPreset(_ preset: DrinkPreset, in rows: some StoreRows) async throws {
        try await rows.writePreset(preset)
        try await announce(SyncKey(entity: .preset, id: preset.id), in: rows)
    }

    /// Writes the person; the feed hears of it when the settings changed (nothing else of the
    /// person travels to a paired device).
    static func putUser(_ user: User, settingsChanged: Bool, in rows: some StoreRows) async throws {
        try await rows.writeUser(user)
        if settingsChanged { try await announce(SyncKey(entity: .settings, id: nil), in: rows) }
    }

    /// The feed's mark that everything was deleted: a session with no id, which no record has, so
    /// a paired device is never sent it.
    static let everythingDeleted = SyncKey(entity: .session, id: nil)

    /// Deletes every record, and leaves the mark in the feed, after its last place: the feed goes
    /// on from there (never back to the start), and whoever reads past it sees everything changed.
    static func deleteAll(in rows: some StoreRows) async throws {
        let last = try await rows.readLastFeedSequence()
        try await rows.deleteAllRows()
        try await rows.writeFeedEntry(FeedEntry(key: everythingDeleted, sequence: last + 1))
    }

    /// A store written before the feed existed has records and no feed: each record gets a place,
    /// sessions first (oldest start first), then presets, logs (in replay order) and settings.
    /// Returns whether it wrote anything.
    static func seedFeed(in rows: some StoreRows) async throws -> Bool {
        guard try await rows.readLastFeedSequence() == 0 else { return false }
        let records = try await rows.readEveryRecord()
        var keys = records.sessions.sorted { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }
            .map { SyncKey(entity: .session, id: $0.id) }
        keys += records.presets.map { SyncKey(entity: .preset, id: $0.id) }
        keys += records.logs.sorted(by: WaterlineEngine.isOrderedBefore).map { SyncKey(entity: .logEntry, id: $0.id) }
        if let settings = try await rows.readUser()?.settings, !settings.isUntouched { keys.append(SyncKey(entity: .settings, id: nil)) }
        for (index, key) in keys.enumerated() { try await rows.writeFeedEntry(FeedEntry(key: key, sequence: index + 1)) }
        return !keys.isEmpty
    }

    /// At most this many feed entries are read to name what changed; past it, everything did
    /// (a first pull of a large account is shown whole, not read record by record).
    public static let changeSetLimit = 500

    /// What changed since `sequence`, read from the feed every write of a record takes a place in
    /// (inside the writer's own transaction): the sessions (a log names its session), presets and
    /// settings written since, and the newest place. Everything deleted since (the feed's mark,
    /// or a feed that began again), or more than `changeSetLimit` entries, is everything.
    public static func changes(after sequence: Int, in rows: some StoreRows) async throws -> StoreChangeSet {
        let last = try await rows.readLastFeedSequence()
        guard last != sequence else { return StoreChangeSet(version: last, records: .none) }
        guard last > sequence else { return StoreChangeSet(version: last, records: .all) }
        let entries = try await rows.readFeed(after: sequence, limit: changeSetLimit + 1)
        guard entries.count <= changeSetLimit else { return StoreChangeSet(version: last, records: .all) }
        var records = ChangedRecords()
        for entry in entries {
            switch entry.key.entity {
            case .settings: records.settings = true
            case .preset: if let id = entry.key.id { records.presets.insert(id) }
            case .session:
                guard let id = entry.key.id else { return StoreChangeSet(version: last, records: .all) }  // everythingDeleted
                records.sessions.insert(id)
            case .logEntry:
                if let id = entry.key.id, let log = try await rows.readLog(id: id) { records.sessions.insert(log.sessionId) }
            }
        }
        return StoreChangeSet(version: last, records: records)
    }

    /// The logs among the next `limit` feed entries after `sequence`, as they stand now, and the
    /// last entry read as the cursor.
    public static func logFeed(after sequence: Int, limit: Int, in rows: some StoreRows) async throws -> LogFeedPage {
        let entries = try await rows.readFeed(after: sequence, limit: max(1, limit))
        var logs: [LogEntry] = []
        for entry in entries where entry.key.entity == .logEntry {
            if let id = entry.key.id, let log = try await rows.readLog(id: id) { logs.append(log) }
        }
        return LogFeedPage(logs: logs, cursor: entries.last?.sequence ?? sequence)
    }

    /// What a paired device pulls after `sequence`: each record whose latest write came after it,
    /// in the feed's order, as it stands now (tombstones included), among those the device keeps
    /// (settings, presets, and the sessions `readPeerSessions(since:)` names, with their logs); at
    /// most `limit` changes, reading at most ten times that many entries. The cursor is the last
    /// entry read, so records the device does not keep are passed over once. After the first pull,
    /// a record whose latest version is exactly what the device pushed is passed over too.
    public static func peerChanges(after sequence: Int, limit: Int, sessionsSince: Date, in rows: some StoreRows) async throws -> PullPage {
        let kept = Set(try await rows.readPeerSessions(since: sessionsSince).map(\.id))
        var changes: [SyncPayload] = []
        var position = max(sequence, 0)
        var read = 0
        while read < limit * 10 {
            let entries = try await rows.readFeed(after: position, limit: limit)
            guard !entries.isEmpty else { return PullPage(changes: changes, cursor: position, hasMore: false) }
            for entry in entries {
                if changes.count == limit { return PullPage(changes: changes, cursor: position, hasMore: true) }
                position = entry.sequence
                read += 1
                // The device pushed this very version: it is not sent back, unless it starts afresh
                // (cursor 0: a new or erased watch has none of it).
                guard !entry.fromPeer || sequence <= 0 else { continue }
                if let change = try await peerPayload(entry.key, keeping: kept, in: rows) { changes.append(change) }
            }
        }
        return PullPage(changes: changes, cursor: position, hasMore: true)
    }

    /// The record `key` as a paired device takes it, if it keeps it.
    private static func peerPayload(_ key: SyncKey, keeping sessions: Set<UUID>, in rows: some StoreRows) async throws -> SyncPayload? {
        switch key.entity {
        case .session:
            guard let id = key.id, sessions.contains(id), let session = try await rows.readSession(id: id) else { return nil }
            return .session(session.record)
        case .logEntry:
            guard let id = key.id, let log = try await rows.readLog(id: id), sessions.contains(log.sessionId) else { return nil }
            return .logEntry(log)
        case .preset:
            guard let id = key.id, let preset = try await rows.readPreset(id: id) else { return nil }
            return .preset(preset.record)
        case .settings:
            guard let settings = try await rows.readUser()?.settings, !settings.isUntouched else { return nil }
            return .settings(settings)
        }
    }
}
