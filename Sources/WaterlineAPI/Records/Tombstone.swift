import Foundation
import WaterlineCore

/// The arguments of a delete: which record, and when it was deleted (its new `updatedAt`).
public struct Tombstone: Codable, Hashable, Sendable {
    public var id: UUID
    public var deletedAt: Date

    public init(id: UUID, deletedAt: Date) {
        self.id = id
        self.deletedAt = deletedAt
    }
}
