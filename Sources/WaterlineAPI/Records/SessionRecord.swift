import Foundation
import WaterlineCore

/// A session as it travels to and from the backend; the owner is the caller, so no user id.
public struct SessionRecord: Codable, Hashable, Sendable {
    public var id: UUID
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    public var computedSummary: SessionSummary?
    public var updatedAt: Date
    public var deletedAt: Date?
    /// `Session.plannedDrinks`; absent when no plan was made (and from a backend before plans).
    public var plannedDrinks: Int?

    public init(
        id: UUID, startTime: Date, endTime: Date? = nil, isActive: Bool, computedSummary: SessionSummary? = nil, updatedAt: Date,
        deletedAt: Date? = nil, plannedDrinks: Int? = nil
    ) {
        self.id = id
        self.startTime = startTime
        self.endTime = endTime
        self.isActive = isActive
        self.computedSummary = computedSummary
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.plannedDrinks = plannedDrinks
    }

    public init(_ session: Session) {
        self.init(
            id: session.id, startTime: session.startTime, endTime: session.endTime, isActive: session.isActive,
            computedSummary: session.computedSummary, updatedAt: session.updatedAt, deletedAt: session.deletedAt,
            plannedDrinks: session.plannedDrinks
        )
    }

    /// The local session this record describes, owned by `userId`.
    public func session(userId: UUID) -> Session {
        Session(
            id: id, userId: userId, startTime: startTime, endTime: endTime, isActive: isActive,
            computedSummary: computedSummary, updatedAt: updatedAt, deletedAt: deletedAt, plannedDrinks: plannedDrinks
        )
    }
}
