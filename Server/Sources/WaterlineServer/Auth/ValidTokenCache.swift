import Foundation

/// Session tokens the database has said are not revoked, for a database this process alone
/// writes (SQLite, held exclusively): every revocation then passes through this process, which
/// forgets the token here as it revokes it. PostgreSQL, shared by several servers, is asked on
/// every call instead.
///
/// A generation number guards the race between a check and a revocation: an answer read
/// before a revocation finished is not remembered.
final class ValidTokenCache: @unchecked Sendable {
    private let lock = NSLock()
    private var valid: [String: VerifiedToken] = [:]
    private var generation = 0
    private let capacity: Int

    init(capacity: Int = 50_000) {
        self.capacity = capacity
    }

    /// Whether `token` is known valid; otherwise the generation to hand back to `remember`.
    func check(_ token: VerifiedToken) -> (known: Bool, generation: Int) {
        lock.withLock { (valid[token.id] == token, generation) }
    }

    func remember(_ token: VerifiedToken, checkedAt checked: Int, now: Date) {
        lock.withLock {
            guard checked == generation else { return }
            valid.makeRoom(capacity: capacity, now: now)
            valid[token.id] = token
        }
    }

    /// Forgets one token, revoked: every other stays known, so one account renewing or signing
    /// out costs no other account a database read. The generation still moves, so a check of
    /// this token read before its revocation finished is not remembered after it.
    func forget(_ token: VerifiedToken) {
        lock.withLock {
            generation += 1
            valid[token.id] = nil
        }
    }

    /// Forgets every token of a deleted account.
    func forget(account: UUID) {
        lock.withLock {
            generation += 1
            valid = valid.filter { $0.value.userId != account }
        }
    }

    /// How many tokens are known valid (for tests).
    var count: Int { lock.withLock { valid.count } }
}
