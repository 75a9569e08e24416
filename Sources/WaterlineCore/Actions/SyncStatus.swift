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
        /// Signed in as another account than the one whose data this device holds; nothing
        /// moves until the person chooses to keep this device's data for it or to start clean.
        case accountChoice
    }

    public var phase: Phase
    public var pendingCount: Int
    /// Changes the backend refused; their local data is kept.
    public var failedCount: Int
    /// Changes the last pull brought that this device could not read or may not keep (a field
    /// of another shape, a value out of range, a record past the quotas): set aside, not stored,
    /// and the rest of the page and the push went on.
    public var setAsideCount: Int
    public var lastError: String?
    public var lastSyncedAt: Date?
    /// The backend asked calls to wait until then (`RATE_LIMITED` with a retry time longer than
    /// a drain waits): nothing is sent before it, and changes wait on the device.
    public var waitingUntil: Date?
    /// Set when the sign-in ends soon (within `SyncEngine.renewalNotice`): ask to sign in again
    /// before calls start failing.
    public var renewSignInBy: Date?

    public init(
        phase: Phase = .synced, pendingCount: Int = 0, failedCount: Int = 0, setAsideCount: Int = 0, lastError: String? = nil, lastSyncedAt: Date? = nil,
        renewSignInBy: Date? = nil
    ) {
        self.phase = phase
        self.pendingCount = pendingCount
        self.failedCount = failedCount
        self.setAsideCount = setAsideCount
        self.lastError = lastError
        self.lastSyncedAt = lastSyncedAt
        self.renewSignInBy = renewSignInBy
    }

    /// Whether the indicator should offer Sign in with Apple.
    public var needsSignIn: Bool { phase == .signedOut || renewSignInBy != nil }
}
