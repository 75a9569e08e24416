import Foundation
import SQLKit

extension WaterlineRepository {
    /// Keeps the account's Apple refresh token (`AppleAccountLink`); a later sign-in's replaces it.
    public func keepAppleRefreshToken(_ token: String, for userId: UUID) async throws {
        try await sql.raw("UPDATE users SET apple_refresh_token = \(bind: token) WHERE id = \(bind: key(userId))").run()
    }

    /// The account's kept Apple refresh token, if any.
    public func appleRefreshToken(for userId: UUID) async throws -> String? {
        try await sql.raw("SELECT apple_refresh_token FROM users WHERE id = \(bind: key(userId))").first()?
            .decode(column: "apple_refresh_token", as: String?.self)
    }
}

extension WaterlineRepository {
    /// Queues the account's Apple refresh token for revocation, before the account is deleted: a
    /// deletion cut short leaves it queued, and it is tried only once the account is gone. A
    /// deletion asked again queues nothing twice. False when the account kept no token.
    func queueAppleRevocation(for caller: Caller, now: Date) async throws -> Bool {
        try await sql.raw("""
            INSERT INTO apple_revocations (user_id, refresh_token, attempts, next_at, created_at)
            SELECT id, apple_refresh_token, 0, \(bind: ms(now)), \(bind: ms(now)) FROM users
            WHERE id = \(bind: caller.key) AND apple_refresh_token IS NOT NULL
            ON CONFLICT (user_id) DO NOTHING
            """).run()
        return try await sql.raw("SELECT 1 AS found FROM apple_revocations WHERE user_id = \(bind: caller.key)").first() != nil
    }

    /// Up to `limit` revocations due at `now` whose accounts are gone, each claimed (its try
    /// counted, and not due again until `lease` has passed, should this process stop mid-try):
    /// two callers never claim the same one at once.
    func claimAppleRevocations(now: Date, lease: TimeInterval, limit: Int) async throws -> [ClaimedRevocation] {
        let due = try await sql.raw("""
            SELECT user_id FROM apple_revocations WHERE next_at <= \(bind: ms(now))
            AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = apple_revocations.user_id)
            ORDER BY next_at LIMIT \(unsafeRaw: String(limit))
            """).all().map { try $0.decode(column: "user_id", as: String.self) }
        var claimed: [ClaimedRevocation] = []
        for userId in due {
            // Still due as it is claimed (the check is the update's own, so of two claimers one
            // wins, whatever another try wrote between the read and this).
            let row = try await sql.raw("""
                UPDATE apple_revocations SET attempts = attempts + 1, next_at = \(bind: ms(now.addingTimeInterval(lease)))
                WHERE user_id = \(bind: userId) AND next_at <= \(bind: ms(now))
                RETURNING refresh_token, attempts
                """).first()
            if let row {
                claimed.append(ClaimedRevocation(
                    userId: userId, refreshToken: try row.decode(column: "refresh_token", as: String.self),
                    attempts: try row.decode(column: "attempts", as: Int.self)
                ))
            }
        }
        return claimed
    }

    /// Sets a claimed revocation's next try, unless a later claim has taken it since (this
    /// try outlived its lease).
    func postponeAppleRevocation(_ revocation: ClaimedRevocation, until next: Date) async throws {
        try await sql.raw("""
            UPDATE apple_revocations SET next_at = \(bind: ms(next))
            WHERE user_id = \(bind: revocation.userId) AND attempts = \(bind: revocation.attempts)
            """).run()
    }

    /// Forgets a revocation: Apple took it (whichever claim this was), or it was given up.
    func finishAppleRevocation(_ revocation: ClaimedRevocation) async throws {
        try await sql.raw("DELETE FROM apple_revocations WHERE user_id = \(bind: revocation.userId)").run()
    }

    /// Revocations still queued (for tests and the operator's metrics).
    func pendingAppleRevocations() async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS pending FROM apple_revocations").first()?.decode(column: "pending", as: Int.self) ?? 0
    }
}
