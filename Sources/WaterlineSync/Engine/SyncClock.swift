import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Time as the sync engine sees it, so tests can run backoff without waiting.
public protocol SyncClock: Sendable {
    func now() -> Date
    func sleep(seconds: Double) async throws
}

/// The real clock.
public struct SystemSyncClock: SyncClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
