import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Capped exponential backoff with jitter for retrying network and server failures.
public struct Backoff: Hashable, Sendable {
    public var baseSeconds: Double
    public var capSeconds: Double
    /// Retries in one drain before giving up and reporting offline.
    public var maxRetries: Int

    public init(baseSeconds: Double = 1, capSeconds: Double = 60, maxRetries: Int = 6) {
        self.baseSeconds = baseSeconds
        self.capSeconds = capSeconds
        self.maxRetries = maxRetries
    }

    /// The wait before retry `attempt` (1, 2, …): half the capped exponential step, plus a
    /// random share of the other half, so clients that failed together do not retry together.
    /// - Parameter random: a number in 0..<1.
    public func delay(attempt: Int, random: Double) -> Double {
        let step = min(capSeconds, baseSeconds * Double(1 << min(max(attempt - 1, 0), 30)))
        return step / 2 + step / 2 * min(max(random, 0), 1)
    }
}
