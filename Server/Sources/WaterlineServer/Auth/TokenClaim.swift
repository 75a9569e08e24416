import Foundation

/// What a session token's payload claims, read before its signature is checked: the known
/// account it names, and its id when that id is one this server made (`issuedId`).
///
/// Ids carry the server's tag (`SessionTokens.tagged`): a keyed hash no one without the signing
/// key can make, checked in a microsecond where a signature takes a hundred. A forger who makes
/// up payloads naming an account cannot make a tagged id, so its failed checks are counted on
/// the account's allowance, while a real token (its id tagged) is counted on its own: sixty
/// forgeries naming an account no longer keep that account's devices out after a restart. A
/// forger who copies a real token's id is told apart by the fingerprint kept for each token
/// issued (`issued_tokens`), refused unchecked and counted against nothing.
struct TokenClaim: Sendable, Equatable {
    let account: UUID
    let issuedId: String?

    /// The key its failed checks are counted under (`CallLimits.failedChecks`).
    var allowanceKey: String {
        if let issuedId { "token:\(issuedId)" } else { "account:\(account.key)" }
    }
}
