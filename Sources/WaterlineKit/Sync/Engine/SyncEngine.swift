import Foundation

/// Pushes the outbox to the backend in order and pulls the backend's records after sign-in.
///
/// Network and server failures are retried with backoff; a change the backend refuses is
/// marked failed (its data stays on the device) and the drain goes on; an authentication
/// failure stops the drain until the person signs in again. Nothing is ever dropped locally.
public actor SyncEngine {
    private let store: any SyncStore
    private let client: ConvexClient
    private let clock: any SyncClock
    private let backoff: Backoff
    private let random: @Sendable () -> Double
    private let onStatus: @Sendable (SyncStatus) -> Void
    public private(set) var status = SyncStatus()
    private var isDraining = false
    private var drainAgain = false

    public init(
        store: any SyncStore,
        client: ConvexClient,
        clock: any SyncClock = SystemSyncClock(),
        backoff: Backoff = Backoff(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        onStatus: @escaping @Sendable (SyncStatus) -> Void = { _ in }
    ) {
        self.store = store
        self.client = client
        self.clock = clock
        self.backoff = backoff
        self.random = random
        self.onStatus = onStatus
    }

    /// Pushes every pending change, oldest first. A call made while a drain runs makes that
    /// drain go round once more instead of starting a second one.
    @discardableResult
    public func drain() async -> SyncStatus {
        if isDraining {
            drainAgain = true
            return status
        }
        isDraining = true
        defer { isDraining = false }
        repeat {
            drainAgain = false
            await drainOnce()
        } while drainAgain && status.phase == .synced
        return status
    }

    /// Fetches the backend's settings, presets, sessions and their logs and merges them in
    /// (last write wins, tombstones final), then pushes what is still pending.
    @discardableResult
    public func pull() async -> SyncStatus {
        update { $0.phase = .syncing }
        do {
            let user = try await client.call(Users.Me.self)
            try await store.applyRemote(.settings(user.settings))
            if var local = try await store.user(), local.appleUserId != user.appleUserId {
                local.appleUserId = user.appleUserId
                try await store.saveUser(local)
            }
            for preset in try await client.call(Presets.List.self) {
                try await store.applyRemote(.preset(preset))
            }
            for session in try await client.call(Sessions.List.self, .init()) {
                try await store.applyRemote(.session(session))
                for log in try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id)) {
                    try await store.applyRemote(.logEntry(log))
                }
            }
        } catch let error as ConvexError {
            await finish(after: error)
            return status
        } catch {
            await finish(lastError: String(describing: error), phase: .offline)
            return status
        }
        return await drain()
    }

    private func drainOnce() async {
        update { $0.phase = .syncing }
        var retries = 0
        while true {
            let pending: [PendingChange]
            do {
                pending = try await store.pendingChanges()
            } catch {
                await finish(lastError: "could not read the outbox: \(error)", phase: .offline)
                return
            }
            guard let change = pending.first(where: { !$0.isFailed }) else {
                await finish(lastError: nil, phase: .synced)
                return
            }
            do {
                let stored = try await push(change.payload)
                try await store.completeChange(change.id, revision: change.revision)
                // The backend answers with the version it kept, which may be a newer one.
                if let stored { try await store.applyRemote(stored) }
                retries = 0
            } catch let error as ConvexError where error.code == .unauthenticated {
                await finish(lastError: error.description, phase: .signedOut)
                return
            } catch let error as ConvexError where error.isRetryable {
                retries += 1
                guard retries <= backoff.maxRetries else {
                    await finish(lastError: error.description, phase: .offline)
                    return
                }
                update { $0.lastError = error.description }
                do {
                    try await clock.sleep(seconds: backoff.delay(attempt: retries, random: random()))
                } catch {
                    await finish(lastError: "sync cancelled", phase: .offline)
                    return
                }
            } catch {
                // Refused for what it is (invalid, not found, conflict): keep it, marked, and go on.
                do {
                    try await store.failChange(change.id, revision: change.revision, reason: String(describing: error))
                } catch {
                    await finish(lastError: "could not mark \(change.id) failed: \(error)", phase: .offline)
                    return
                }
                update { $0.lastError = "\(change.id): \(error)" }
            }
        }
    }

    /// Sends one record; nil when there is nothing to send (defaults nobody chose).
    private func push(_ payload: SyncPayload) async throws -> SyncPayload? {
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
        case .settings(let settings) where settings.isUntouched:
            return nil
        case .settings(let settings):
            return .settings(try await client.call(Settings.Upsert.self, settings))
        }
    }

    private func finish(after error: ConvexError) async {
        let phase: SyncStatus.Phase = error.code == .unauthenticated ? .signedOut : .offline
        await finish(lastError: error.description, phase: phase)
    }

    private func finish(lastError: String?, phase: SyncStatus.Phase) async {
        let pending = (try? await store.pendingChanges()) ?? []
        let now = clock.now()
        update { status in
            status.phase = phase
            status.pendingCount = pending.filter { !$0.isFailed }.count
            status.failedCount = pending.filter(\.isFailed).count
            if phase == .synced {
                status.lastSyncedAt = now
            } else {
                status.lastError = lastError
            }
        }
    }

    private func update(_ change: (inout SyncStatus) -> Void) {
        change(&status)
        onStatus(status)
    }
}
