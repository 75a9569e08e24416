import Foundation
import WaterlineAPI
import WaterlineCore

/// Checks and stores one record's new state: what each `*:upsert` function does, and what
/// `sync:push` does for each change of its batch, so the two can never disagree.
struct ChangeWriter: Sendable {
    let repository: WaterlineRepository

    func session(_ record: SessionRecord, for caller: Caller) async throws -> SessionRecord {
        try validate(record.session(userId: caller.userId).validate)
        try checkStamps(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        return try await repository.upsertSession(record, for: caller)
    }

    func log(_ log: LogEntry, for caller: Caller) async throws -> LogEntry {
        try check(log)
        return try await repository.upsertLog(log, for: caller)
    }

    /// `log(_:for:)` answering the kept entry as JSON, for `logEntries:upsert` to send as it is.
    func logJSON(_ log: LogEntry, for caller: Caller) async throws -> String {
        try check(log)
        return try await repository.upsertLogJSON(log, for: caller)
    }

    private func check(_ log: LogEntry) throws {
        try validate(log.validate)
        try checkStamps(updatedAt: log.updatedAt, deletedAt: log.deletedAt)
    }

    func preset(_ sent: PresetRecord, for caller: Caller) async throws -> PresetRecord {
        // Stored as every device shows it: trimmed (the size was bounded before trimming).
        var record = sent
        record.name = sent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try validate(sent.preset(userId: caller.userId).validate)
        try checkStamps(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        return try await repository.upsertPreset(record, for: caller)
    }

    func settings(_ settings: UserSettings, for caller: Caller) async throws -> UserSettings {
        try validate(settings.validate)
        try checkStamps(updatedAt: settings.updatedAt, deletedAt: nil)
        return try await repository.upsertSettings(settings, for: caller)
    }

    /// Any change, as its upsert function would store it (a record with `deletedAt` is a tombstone).
    func apply(_ change: SyncPayload, for caller: Caller) async throws -> SyncPayload {
        switch change {
        case .session(let record): .session(try await session(record, for: caller))
        case .logEntry(let entry): .logEntry(try await log(entry, for: caller))
        case .preset(let record): .preset(try await preset(record, for: caller))
        case .settings(let value): .settings(try await settings(value, for: caller))
        }
    }

    /// Each change of a batch on its own, in order: a refusal is that change's outcome, while a
    /// failure of the database itself fails the call (the device sends the batch again; every
    /// change is idempotent).
    func apply(_ batch: [SyncPayload], for caller: Caller) async throws -> [ChangeOutcome] {
        var outcomes: [ChangeOutcome] = []
        outcomes.reserveCapacity(batch.count)
        for change in batch {
            do {
                outcomes.append(.stored(try await apply(change, for: caller)))
            } catch let error as FunctionError where error.code != .internal && error.code != .unauthenticated {
                outcomes.append(.refused(error.code, "\(change.key): \(error.message)"))
            }
        }
        return outcomes
    }
}
