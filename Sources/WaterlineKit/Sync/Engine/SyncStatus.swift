import Foundation

/// What the quiet cloud indicator shows.
public struct SyncStatus: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        /// Nothing waiting; everything the backend should have, it has.
        case synced
        case syncing
        /// The backend could not be reached; changes wait on the device.
        case offline
        /// No valid session token; changes wait until the person signs in again.
        case signedOut
    }

    public var phase: Phase
    public var pendingCount: Int
    /// Changes the backend refused; their local data is kept.
    public var failedCount: Int
    public var lastError: String?
    public var lastSyncedAt: Date?

    public init(phase: Phase = .synced, pendingCount: Int = 0, failedCount: Int = 0, lastError: String? = nil, lastSyncedAt: Date? = nil) {
        self.phase = phase
        self.pendingCount = pendingCount
        self.failedCount = failedCount
        self.lastError = lastError
        self.lastSyncedAt = lastSyncedAt
    }
}
