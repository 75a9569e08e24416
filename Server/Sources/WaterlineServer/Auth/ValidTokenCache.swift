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

    /// Forgets everything known so far: a token was revoked or an account deleted.
    func invalidate() {
        lock.withLock {
            generation += 1
            valid.removeAll(keepingCapacity: true)
        }
    }
}
