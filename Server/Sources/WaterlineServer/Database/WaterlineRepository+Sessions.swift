import Foundation
import SQLKit
import SQLiteNIO
import WaterlineAPI
import WaterlineCore

/// Sessions and presets: upserts under the replace rule, with the account's quotas, and reads.
extension WaterlineRepository {
    // MARK: Sessions

    public func upsertSession(_ record: SessionRecord, for caller: Caller) async throws -> SessionRecord {
        if record.isActive, record.deletedAt == nil,
           let other = try await activeSession(for: caller), other.id != record.id {
            throw FunctionError(.conflict, "session \(key(other.id)) is already active; end it first")
        }
        // A new session goes in only with room left, checked in the same statement.
        let id = key(record.id)
        do {
            try await sql.raw("""
                INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: ms(record.startTime)), \(bind: record.isActive),
                       \(bind: ms(record.updatedAt)), \(bind: record.deletedAt.map(ms)), \(bind: try json(record))
                WHERE \(kept("sessions", id: id, caller)) OR (\(room("sessions", caller, limit: Limits.sessionsPerAccount, live: record.deletedAt == nil)))
                ON CONFLICT (owner_id, id) DO UPDATE SET start_time = excluded.start_time, is_active = excluded.is_active,
                    updated_at = excluded.updated_at, deleted_at = excluded.deleted_at, body = excluded.body
                WHERE \(unsafeRaw: Self.replaceRule("sessions"))
                """).run()
        } catch where isUniqueViolation(error) {
            throw FunctionError(.conflict, "another session is already active; end it first")
        } catch where isQuotaViolation(error) {
            throw try await quotaError("sessions", caller, limit: Limits.sessionsPerAccount, what: "sessions")
        }
        guard try await owns("sessions", id: record.id, caller) else {
            throw try await quotaError("sessions", caller, limit: Limits.sessionsPerAccount, what: "sessions")
        }
        return try await stored("sessions", id: record.id, for: caller, as: SessionRecord.self)
    }

    public func activeSession(for caller: Caller) async throws -> SessionRecord? {
        try await sql.raw("""
            SELECT body FROM sessions WHERE owner_id = \(bind: caller.key) AND is_active = \(bind: true) AND deleted_at IS NULL
            """).first().map { try decode($0, as: SessionRecord.self) }
    }

    public func sessions(for caller: Caller, updatedSince: Date?) async throws -> [SessionRecord] {
        let since = updatedSince.map(ms) ?? -1
        return try await sql.raw("""
            SELECT body FROM sessions WHERE owner_id = \(bind: caller.key) AND updated_at > \(bind: since)
            ORDER BY start_time DESC, id
            """).all().map { try decode($0, as: SessionRecord.self) }
    }


    // MARK: Presets

    public func upsertPreset(_ record: PresetRecord, for caller: Caller) async throws -> PresetRecord {
        // A new preset goes in only with room left, checked in the same statement.
        let id = key(record.id)
        do {
            try await sql.raw("""
                INSERT INTO presets (id, owner_id, sort_order, updated_at, deleted_at, body)
                SELECT \(bind: id), \(bind: caller.key), \(bind: record.sortOrder), \(bind: ms(record.updatedAt)),
                       \(bind: record.deletedAt.map(ms)), \(bind: try json(record))
                WHERE \(kept("presets", id: id, caller)) OR (\(room("presets", caller, limit: Limits.presetsPerAccount, live: record.deletedAt == nil)))
                ON CONFLICT (owner_id, id) DO UPDATE SET sort_order = excluded.sort_order, updated_at = excluded.updated_at,
                    deleted_at = excluded.deleted_at, body = excluded.body
                WHERE \(unsafeRaw: Self.replaceRule("presets"))
                """).run()
        } catch where isQuotaViolation(error) {
            throw try await quotaError("presets", caller, limit: Limits.presetsPerAccount, what: "presets")
        }
        guard try await owns("presets", id: record.id, caller) else {
            throw try await quotaError("presets", caller, limit: Limits.presetsPerAccount, what: "presets")
        }
        return try await stored("presets", id: record.id, for: caller, as: PresetRecord.self)
    }

    public func deletePreset(_ tombstone: Tombstone, for caller: Caller) async throws -> PresetRecord {
        var record = try await stored("presets", id: tombstone.id, for: caller, as: PresetRecord.self)
        guard record.deletedAt == nil else { return record }
        record.deletedAt = tombstone.deletedAt
        record.updatedAt = tombstone.deletedAt
        return try await upsertPreset(record, for: caller)
    }

    public func presets(for caller: Caller) async throws -> [PresetRecord] {
        try await sql.raw("SELECT body FROM presets WHERE owner_id = \(bind: caller.key) ORDER BY sort_order, id")
            .all().map { try decode($0, as: PresetRecord.self) }
    }
}
