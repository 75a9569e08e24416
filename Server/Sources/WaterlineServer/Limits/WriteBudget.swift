import Foundation
import WaterlineCore

/// How many records one account may write per period: the call limit counts calls, but one
/// `sync:push` carries up to `Limits.pushBatch` changes, so calls alone would let one account
/// write thousands of rows a second and fill the disk within the quotas. Every record a call
/// writes (a new or changed session, log, preset, the settings, a tombstone) is taken from the
/// account's bucket before anything is written; a batch is taken whole or refused whole, with
/// how long to wait (HTTP 429, `RATE_LIMITED`, `Retry-After`), and the device sends it again later.
///
/// The defaults (`ServerConfiguration.accountWriteBurst`, `accountWritesPerSecond`) are far
/// beyond any session: a first sync of years of history fits in the burst, a session logs tens.
struct WriteBudget: Sendable {
    let limiter: RateLimiter

    /// Takes `count` records from `caller`'s budget, or throws `RetryLater` with the wait.
    func spend(_ count: Int, for caller: Caller) throws(RetryLater) {
        guard count > 0 else { return }
        if let wait = limiter.take(caller.key, count: Double(count)) {
            throw RetryLater(
                retryAfter: wait,
                message: "this account has written as many records as it may for now (nothing of this call was written); send it again later"
            )
        }
    }
}
