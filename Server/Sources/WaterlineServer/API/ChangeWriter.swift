import Foundation
import WaterlineAPI
import WaterlineCore

/// Checks and stores one record's new state: what each `*:upsert` and `*:delete` function does,
/// and what `sync:push` does for each change of its batch, so they can never disagree.
///
/// Stamps are the devices' clocks, and last-writer-wins compares them: a stamp further ahead of
/// the server's clock than `futureAllowance` is taken as the server's time plus that allowance,
/// so a device whose clock runs a day ahead cannot make every later edit elsewhere lose. The
/// device gets the stored version back (and keeps it, `StoreRules.settle`).
struct ChangeWriter: Sendable {
    static let futureAllowance: TimeInterval = 2 * 60

    let repository: WaterlineRepository
    let now: @Sendable () -> Date
    /// The account's budget of records written, taken before each write (a batch's whole count
    /// at once); nil inside a batch that has already paid for its changes.
    let budget: WriteBudget?

    init(repository: WaterlineRepository, now: @escaping @Sendable () -> Date, budget: WriteBudget?) {
        self.repository = repository
        self.now = now
        self.budget = budget
    }

    /// The writer for one function's records: every write it makes is taken from `context`'s budget.
    init(_ context: ServerContext) {
        self.init(repository: context.repository, now: context.now, budget: context.limits.writes)
    }

    /// This writer with the budget already paid (the changes of a batch).
    private var paid: ChangeWriter { ChangeWriter(repository: repository, now: now, budget: nil) }

    func session(_ sent: SessionRecord, for caller: Caller) async throws -> SessionRecord {
        try budget?.spend(1, for: caller)
        var record = sent
        try validate(record.validate)
        try checkStamps(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        record.updatedAt = bounded(record.updatedAt)
        record.deletedAt = record.deletedAt.map(bounded)
        return try await repository.upsertSession(record, for: caller)
    }

    func log(_ log: LogEntry, for caller: Caller) async throws -> LogEntry {
        try budget?.spend(1, for: caller)
        return try await repository.upsertLog(try checked(log), for: caller)
    }

    /// `log(_:for:)` answering the kept entry as JSON, for `logEntries:upsert` to send as it is.
    func logJSON(_ log: LogEntry, for caller: Caller) async throws -> String {
        try budget?.spend(1, for: caller)
        return try await repository.upsertLogJSON(try checked(log), for: caller)
    }

    private func checked(_ sent: LogEntry) throws -> LogEntry {
        var log = sent
        try validate(log.validate)
        try checkStamps(updatedAt: log.updatedAt, deletedAt: log.deletedAt)
        log.updatedAt = bounded(log.updatedAt)
        log.deletedAt = log.deletedAt.map(bounded)
        return log
    }

    func deleteLog(_ sent: Tombstone, for caller: Caller) async throws -> LogEntry {
        try budget?.spend(1, for: caller)
        try checkStamps(updatedAt: sent.deletedAt, deletedAt: nil)
        return try await repository.deleteLog(Tombstone(id: sent.id, deletedAt: bounded(sent.deletedAt)), for: caller)
    }

    func preset(_ sent: PresetRecord, for caller: Caller) async throws -> PresetRecord {
        try budget?.spend(1, for: caller)
        // Stored as every device shows it: trimmed (the size was bounded before trimming).
        var record = sent
        record.name = sent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try validate(sent.validate)
        try checkStamps(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        record.updatedAt = bounded(record.updatedAt)
        record.deletedAt = record.deletedAt.map(bounded)
        return try await repository.upsertPreset(record, for: caller)
    }

    func deletePreset(_ sent: Tombstone, for caller: Caller) async throws -> PresetRecord {
        try budget?.spend(1, for: caller)
        try checkStamps(updatedAt: sent.deletedAt, deletedAt: nil)
        return try await repository.deletePreset(Tombstone(id: sent.id, deletedAt: bounded(sent.deletedAt)), for: caller)
    }

    func settings(_ sent: UserSettings, for caller: Caller) async throws -> UserSettings {
        try budget?.spend(1, for: caller)
        var settings = sent
        try validate(settings.validate)
        try checkStamps(updatedAt: settings.updatedAt, deletedAt: nil)
        settings.updatedAt = bounded(settings.updatedAt)
        settings.fieldStamps = settings.fieldStamps?.mapValues(bounded)
        return try await repository.upsertSettings(settings, for: caller)
    }

    /// `stamp`, or the server's time plus `futureAllowance` when it is later than that (in whole
    /// milliseconds, as stored).
    private func bounded(_ stamp: Date) -> Date {
        let latest = now().addingTimeInterval(Self.futureAllowance).roundedToMilliseconds
        return stamp > latest ? latest : stamp
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

    /// The logs at the head of `changes` that pass their checks, each with its JSON, up to the
    /// first change that is not such a log.
    private func newLogs(_ changes: ArraySlice<SyncPayload>) throws -> [(log: LogEntry, body: String)] {
        var run: [(log: LogEntry, body: String)] = []
        for change in changes {
            guard case .logEntry(let sent) = change, let log = try? checked(sent) else { break }
            run.append((log, try repository.json(log)))
        }
        return run
    }

    /// New logs handed to the database thread at once: up to 512 (a batch of new logs goes in one
    /// hand-over, and its writes in one commit), and after a log that did not go in, one, then
    /// doubling while whole runs go in (a batch of edits, each stopping its run at its first
    /// statement, builds few statements it throws away).
    static let largestHandOver = 512

    /// A stored log's outcome, around the JSON the database keeps.
    private static func storedLog(_ body: String) -> String {
        #"{"change":{"entity":"logEntry","record":"# + body + #"},"ok":true}"#
    }

    /// Each change of a batch on its own, in order, answered as the JSON of `PushResults`: a
    /// refusal is that change's outcome, while a failure of the database itself fails the call
    /// (the device sends the batch again; every change is idempotent). The batch waits for the
    /// disk once, after its last change (`WaterlineRepository.deferringDurability`): nothing is
    /// answered before all of it is durable. A log's record is the JSON the database keeps (made
    /// once, for both); the rest is encoded as the kit's coding has it (`WireJSON`; keys sorted:
    /// `change` before `ok`, `entity` before `record`).
    /// The batch's changes are taken from the account's write budget first, all or none.
    func applyJSON(_ batch: [SyncPayload], for caller: Caller) async throws -> String {
        try budget?.spend(batch.count, for: caller)
        let writer = paid
        let outcomes: [String] = try await repository.deferringDurability {
            var outcomes: [String] = []
            outcomes.reserveCapacity(batch.count)
            var index = 0
            // The checked logs (with their JSON) from `index` on, made once each.
            var run: ArraySlice<(log: LogEntry, body: String)> = []
            var handOver = Self.largestHandOver
            while index < batch.count {
                if run.isEmpty { run = try newLogs(batch[index...])[...] }
                // New logs, the common case, go to the database many per hand-over.
                if run.count > 1 {
                    let asked = min(handOver, run.count)
                    let stored = await repository.insertNewLogs(Array(run.prefix(asked)), for: caller)
                    handOver = stored == asked ? min(handOver * 2, Self.largestHandOver) : 1
                    if stored > 0 {
                        for (_, body) in run.prefix(stored) { outcomes.append(Self.storedLog(body)) }
                        index += stored
                        run = run.dropFirst(stored)
                        continue
                    }
                }
                let change = batch[index]
                index += 1
                run = run.dropFirst()
                do {
                    if case .logEntry(let log) = change {
                        outcomes.append(Self.storedLog(try await writer.logJSON(log, for: caller)))
                    } else {
                        let stored = try await writer.apply(change, for: caller)
                        outcomes.append(try WireJSON.text(ChangeOutcome.stored(stored)))
                    }
                } catch let error as FunctionError where error.code != .internal && error.code != .unauthenticated {
                    let refused = ChangeOutcome.refused(error.code, "\(change.key): \(error.message)")
                    outcomes.append(try WireJSON.text(refused))
                }
            }
            return outcomes
        }
        return #"{"results":["# + outcomes.joined(separator: ",") + "]}"
    }

}
