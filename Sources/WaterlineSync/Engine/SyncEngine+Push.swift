import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Draining the outbox: batches in order, refusals marked, the backend's versions settled in.
extension SyncEngine {
    // MARK: Push

    /// - Parameter refusalsWaiting: whether the outbox may hold refusals to try once more (a
    ///   caller that has just counted none says so, and saves the store a write).
    func drainOnce(accountChecked: Bool, refusalsWaiting: Bool = true) async {
        update { $0.phase = .syncing }
        if !accountChecked {
            do {
                guard try await checkedCursor() != nil else { return }
            } catch let error as ConvexError {
                await finish(after: error)
                return
            } catch {
                await finish(lastError: String(describing: error), phase: .offline)
                return
            }
        }
        // Refusals that waited for another record (a log for its session) go once more.
        do {
            if refusalsWaiting { try await store.retryRefusals() }
        } catch {
            await finish(lastError: "could not read the outbox: \(error)", phase: .offline)
            return
        }
        var retries = 0
        while true {
            let batch: [PendingChange]
            do {
                batch = try await store.nextChanges(limit: batchSize)
            } catch {
                await finish(lastError: "could not read the outbox: \(error)", phase: .offline)
                return
            }
            if batch.isEmpty {
                await finish(lastError: nil, phase: .synced)
                return
            }
            do {
                try await push(batch)
                retries = 0
            } catch let error as ConvexError where error.code == .unauthenticated {
                await finish(lastError: error.description, phase: .signedOut)
                return
            } catch let error as ConvexError where error.isRetryable {
                retries += 1
                // A wait the backend asked for is kept: longer than a drain waits, the drain ends
                // and no call is made before it is over.
                let asked: Double? = if case .rateLimited(_, let seconds) = error { seconds } else { nil }
                guard retries <= backoff.maxRetries, (asked ?? 0) <= Self.longestRetryWait else {
                    await finish(after: error)
                    return
                }
                update { $0.lastError = error.description }
                do {
                    try await clock.sleep(seconds: max(asked ?? 0, backoff.delay(attempt: retries, random: random())))
                } catch {
                    await finish(lastError: "sync cancelled", phase: .offline)
                    return
                }
            } catch {
                await finish(lastError: "could not settle a pushed batch: \(error)", phase: .offline)
                return
            }
        }
    }

    /// Sends one batch and settles it in the store. Throws only what stops or delays the drain
    /// (authentication, the network); refusals are settled as failures.
    func push(_ sending: [PendingChange]) async throws {
        if !batchesUnsupported {
            do {
                let results = try await backend.push(PushBatch(changes: sending.map(\.payload))).results
                guard results.count == sending.count else {
                    throw ConvexError.badResponse("sync:push answered \(results.count) outcomes for \(sending.count) changes")
                }
                let pushed = zip(sending, results).map { change, outcome in
                    PushedChange(key: change.id, revision: change.revision, stored: outcome.change, failure: outcome.error?.description, sent: change.payload)
                }
                _ = try await store.settle(pushed)
                if let refused = pushed.last(where: { $0.failure != nil }) {
                    update { $0.lastError = "\(refused.key): \(refused.failure ?? "")" }
                }
                return
            } catch let error as ConvexError where error.code == .unknownFunction && backend.perRecord != nil {
                batchesUnsupported = true
            } catch let error as ConvexError where error.code == .unauthenticated || error.isRetryable {
                throw error
            } catch is ConvexError {
                // The batch as a whole was refused (one change the backend cannot even read):
                // send its changes one by one, so only that one is marked.
            }
        }
        for change in sending {
            do {
                let stored = try await pushOne(change.payload)
                _ = try await store.settle([PushedChange(key: change.id, revision: change.revision, stored: stored, sent: change.payload)])
            } catch let error as ConvexError where error.code != .unauthenticated && !error.isRetryable {
                try await store.settle([PushedChange(key: change.id, revision: change.revision, failure: error.description)])
                update { $0.lastError = "\(change.id): \(error)" }
            }
        }
    }

    /// Sends one record through its own function.
    func pushOne(_ payload: SyncPayload) async throws -> SyncPayload {
        guard let client = backend.perRecord else { throw ConvexError.function(message: "the backend takes changes in batches only", code: ErrorCode.invalidArgument.rawValue) }
        switch payload {
        case .session(let record):
            return .session(try await client.call(Sessions.Upsert.self, record))
        case .logEntry(let log):
            if let deletedAt = log.deletedAt {
                return .logEntry(try await client.call(LogEntries.Delete.self, Tombstone(id: log.id, deletedAt: deletedAt)))
            }
            return .logEntry(try await client.call(LogEntries.Upsert.self, log))
        case .preset(let record):
            if let deletedAt = record.deletedAt {
                return .preset(try await client.call(Presets.Delete.self, Tombstone(id: record.id, deletedAt: deletedAt)))
            }
            return .preset(try await client.call(Presets.Upsert.self, record))
        case .settings(let settings):
            return .settings(try await client.call(Settings.Upsert.self, settings))
        }
    }
}
