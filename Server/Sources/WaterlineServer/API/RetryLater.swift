import Foundation

/// A call refused for now, not for good: answered as 429 with `Retry-After` and a RATE_LIMITED
/// body saying why, and nothing of the call written. The account's write budget
/// (`WriteBudget`) and a session token renewed moments ago (`auth:renew`) refuse this way.
struct RetryLater: Error, Sendable {
    let retryAfter: TimeInterval
    let message: String
}
