import Foundation

/// Token buckets by key (a user id, an address): each holds up to `burst` calls and refills at
/// `perSecond`. A call that finds its bucket empty is refused with how long to wait.
///
/// A lock, not an actor: every call takes a bucket, and a hop to an actor's executor and back
/// cost more than the arithmetic it guards.
final class RateLimiter: @unchecked Sendable {
    struct Rate: Sendable, Hashable {
        var burst: Double
        var perSecond: Double
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let rate: Rate

    /// The most one key's bucket holds.
    var burst: Double { rate.burst }
    private let now: @Sendable () -> Date
    private let capacity: Int
    private var buckets: [String: Bucket] = [:]
    private let lock = NSLock()

    /// - Parameter capacity: keys remembered at most; full buckets (idle keys) are forgotten first.
    init(rate: Rate, capacity: Int = 100_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.rate = rate
        self.capacity = capacity
        self.now = now
    }

    /// Takes `count` (one call, or that many rows) from `key`'s bucket at once; nil when allowed,
    /// else the seconds until that many are free (nothing is taken then). A count over the burst
    /// is never allowed: callers keep theirs under it.
    func take(_ key: String, count: Double = 1) -> TimeInterval? {
        let time = now()
        return lock.withLock { takeLocked(key, count: count, at: time) }
    }

    /// Whether `key`'s bucket is empty now, without taking from it: the seconds until one call
    /// is free, or nil when one is.
    func wait(_ key: String) -> TimeInterval? {
        let time = now()
        return lock.withLock {
            guard let bucket = buckets[key] else { return nil }
            let tokens = min(rate.burst, bucket.tokens + max(0, time.timeIntervalSince(bucket.updated)) * rate.perSecond)
            return tokens >= 1 ? nil : (1 - tokens) / rate.perSecond
        }
    }

    private func takeLocked(_ key: String, count: Double, at time: Date) -> TimeInterval? {
        var bucket = buckets[key] ?? Bucket(tokens: rate.burst, updated: time)
        bucket.tokens = min(rate.burst, bucket.tokens + max(0, time.timeIntervalSince(bucket.updated)) * rate.perSecond)
        bucket.updated = time
        guard bucket.tokens >= count else {
            buckets[key] = bucket
            return (count - bucket.tokens) / rate.perSecond
        }
        bucket.tokens -= count
        buckets[key] = bucket
        if buckets.count > capacity { forgetIdle(at: time) }
        return nil
    }

    /// Drops the keys whose buckets have refilled: they carry no memory worth keeping.
    private func forgetIdle(at time: Date) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + time.timeIntervalSince(bucket.updated) * rate.perSecond < rate.burst
        }
        // Under a flood of distinct keys, forget the oldest half rather than grow without bound.
        if buckets.count > capacity {
            let oldest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count / 2).map(\.key)
            for key in oldest { buckets[key] = nil }
        }
    }
}
