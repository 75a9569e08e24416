import Foundation

/// The rate limits every call passes before its body is read: per address for calls without a
/// valid session token (sign-in, bad tokens), per user for signed-in calls; and, once a call is
/// understood, the account's budget of records written (`WriteBudget`).
public struct CallLimits: Sendable {
    let anonymous: RateLimiter
    let users: RateLimiter
    let writes: WriteBudget
    /// Failed signature checks of tokens naming a known account, taken when the caller's address
    /// has spent its anonymous calls (`KnownAccounts`): per account, or per token when its id is
    /// one this server made (`TokenClaim`); 10, then 1 a minute.
    let failedChecks: RateLimiter

    public init(configuration: ServerConfiguration, now: @escaping @Sendable () -> Date) {
        anonymous = RateLimiter(rate: .init(burst: configuration.anonymousBurst, perSecond: configuration.anonymousPerSecond), now: now)
        users = RateLimiter(rate: .init(burst: configuration.userBurst, perSecond: configuration.userPerSecond), now: now)
        failedChecks = RateLimiter(rate: .init(burst: 10, perSecond: 1.0 / 60), now: now)
        writes = WriteBudget(
            limiter: RateLimiter(rate: .init(burst: configuration.accountWriteBurst, perSecond: configuration.accountWritesPerSecond), now: now)
        )
    }
}
