import Foundation
import WaterlineCore

/// What last-write-wins compares: when a record last changed and whether it is a tombstone.
public struct Stamp: Hashable, Sendable {
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(updatedAt: Date, deletedAt: Date?) {
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// Whether an incoming version stamped `incoming` replaces the one stamped `self`.
    ///
    /// Deleting is final on every replica: a tombstone is never replaced, and it replaces any
    /// live version, so a late upsert cannot bring a deleted record back and every replica
    /// converges on the deletion. Between live versions the newer `updatedAt` wins; a tie
    /// keeps what is there.
    public func isReplaced(by incoming: Stamp) -> Bool {
        if deletedAt != nil { return false }
        if incoming.deletedAt != nil { return true }
        return incoming.updatedAt > updatedAt
    }
}

extension Session {
    /// What last-write-wins compares for this session.
    public var stamp: Stamp { Stamp(updatedAt: self.updatedAt, deletedAt: self.deletedAt) }
}

extension LogEntry {
    /// What last-write-wins compares for this log.
    public var stamp: Stamp { Stamp(updatedAt: updatedAt, deletedAt: deletedAt) }
}

extension DrinkPreset {
    /// What last-write-wins compares for this preset.
    public var stamp: Stamp { Stamp(updatedAt: self.updatedAt, deletedAt: self.deletedAt) }
}
