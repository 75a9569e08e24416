import Foundation
import Logging
import Synchronization

/// Deleted accounts' Sign in with Apple refresh tokens, revoked with Apple until it takes them.
///
/// `users:deleteAccount` queues the token in the database (`apple_revocations`) before the
/// account goes, and answers `requested` without waiting for Apple. The tries run after:
/// at once (`tryNow`), then on the server's own schedule (`AppleRevocationService`), each
/// claimed so two never run at once, a failed one again later, after 1 minute, 5, 30, 2 hours,
/// 6, then daily, until Apple takes it or `attemptLimit` tries have failed (over four days),
/// when it is given up and logged as an error for the operator. A restart loses none.
public struct AppleRevocations: Sendable {
    let repository: WaterlineRepository
    let link: AppleAccountLink
    let now: @Sendable () -> Date
    let logger: Logger

    /// The waits after the first, second, … failed try; the last one repeats.
    static let waits: [TimeInterval] = [60, 300, 1_800, 7_200, 21_600, 86_400]
    /// Tries before a revocation is given up.
    public static let attemptLimit = 10
    /// How long a claimed try keeps others off it: longer than a call to Apple can take.
    static let lease: TimeInterval = 300
    /// Revocations one pass tries at most.
    static let batch = 50

    init(repository: WaterlineRepository, link: AppleAccountLink, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.repository = repository
        self.link = link
        self.now = now
        self.logger = logger
    }

    /// What one pass did.
    public struct Pass: Equatable, Sendable {
        public var revoked = 0
        public var postponed = 0
        public var abandoned = 0
    }

    /// The wait after `attempts` failed tries.
    static func wait(after attempts: Int) -> TimeInterval {
        waits[min(max(attempts, 1), waits.count) - 1]
    }

    /// Tries every revocation that is due now, once each.
    @discardableResult
    public func runDue() async throws -> Pass {
        var pass = Pass()
        let claimed = try await repository.claimAppleRevocations(now: now(), lease: Self.lease, limit: Self.batch)
        for revocation in claimed {
            do {
                try await link.revoke(refreshToken: revocation.refreshToken)
                try await repository.finishAppleRevocation(revocation)
                pass.revoked += 1
                logger.info("revoked a deleted account's Sign in with Apple token", metadata: ["attempt": "\(revocation.attempts)"])
            } catch {
                if revocation.attempts >= Self.attemptLimit {
                    try await repository.finishAppleRevocation(revocation)
                    pass.abandoned += 1
                    logger.error(
                        "gave up revoking a deleted account's Sign in with Apple token; the person can remove the link in their Apple Account settings",
                        metadata: ["attempts": "\(revocation.attempts)", "error": "\(error)"]
                    )
                } else {
                    let next = now().addingTimeInterval(Self.wait(after: revocation.attempts))
                    try await repository.postponeAppleRevocation(revocation, until: next)
                    pass.postponed += 1
                    logger.warning(
                        "could not revoke a deleted account's Sign in with Apple token; trying again later",
                        metadata: ["attempt": "\(revocation.attempts)", "error": "\(error)"]
                    )
                }
            }
        }
        return pass
    }

    /// Runs a pass now, without the caller waiting for it (right after a deletion).
    func tryNow() {
        let revocations = self
        tries.start {
            do { try await revocations.runDue() } catch { revocations.logger.warning("Apple revocations could not be read: \(error)") }
        }
    }

    /// Waits for every pass `tryNow` started that is still running (for tests, before they
    /// move the clock).
    public func settled() async {
        for task in tries.running() { await task.value }
    }

    /// The passes `tryNow` started that are still running.
    private let tries = RunningTries()
}

/// Passes started without a caller waiting (`AppleRevocations.tryNow`), each forgotten as it ends.
private final class RunningTries: Sendable {
    private let tasks = Mutex<[UUID: Task<Void, Never>]>([:])

    func start(_ work: @escaping @Sendable () async -> Void) {
        let id = UUID()
        // Kept before it can end: its own removal waits for the lock until it is in.
        tasks.withLock { tasks in
            tasks[id] = Task.detached { [weak self] in
                await work()
                self?.finished(id)
            }
        }
    }

    func running() -> [Task<Void, Never>] {
        tasks.withLock { Array($0.values) }
    }

    private func finished(_ id: UUID) {
        tasks.withLock { _ = $0.removeValue(forKey: id) }
    }
}
