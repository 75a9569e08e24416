import Foundation

/// Tokens whose signature this server has already checked, until they expire: a device sends
/// the same token with every call, and an ES256 verification costs far more than a lookup.
/// Revocation is not cached; the database answers that on every call.
final class VerifiedTokenCache: @unchecked Sendable {
    private let lock = NSLock()
    private var verified: [String: VerifiedToken] = [:]
    private let capacity: Int
    private var missCount = 0

    /// How many lookups found nothing, so the token's signature was checked (`noteMiss`).
    var misses: Int { lock.withLock { missCount } }

    func noteMiss() {
        lock.withLock { missCount += 1 }
    }

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    func lookup(_ token: String, at now: Date) -> VerifiedToken? {
        lock.withLock {
            guard let hit = verified[token] else { return nil }
            guard hit.expiresAt > now else {
                verified[token] = nil
                return nil
            }
            return hit
        }
    }

    func remember(_ token: String, as value: VerifiedToken, at now: Date) {
        lock.withLock {
            verified.makeRoom(capacity: capacity, now: now)
            verified[token] = value
        }
    }
}
