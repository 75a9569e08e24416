import Foundation

/// A session's own fields: everything but its owner. It is what travels to and from the backend
/// (the caller is the owner), and what a `Session` holds beside its `userId`, so each field is
/// declared once.
public struct SessionRecord: OwnerFreeRecord {
    public var id: UUID
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    /// Stored when the session ends, and again after an edit to an ended session.
    public var computedSummary: SessionSummary?
    public var updatedAt: Date
    public var deletedAt: Date?
    /// "I'm planning N drinks": standard drinks the person meant to have tonight, set when the
    /// session starts (or later); nil when no plan was made (and from a backend before plans).
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

    /// Throws when the session's dates contradict each other.
    public func validate() throws(ValidationError) {
        try Limits.timestamp.check(startTime.timeIntervalSince1970, field: "startTime")
        if let endTime {
            try Limits.timestamp.check(endTime.timeIntervalSince1970, field: "endTime")
            guard endTime >= startTime else { throw .unexpected(field: "endTime", reason: "a session cannot end before it starts") }
            guard !isActive else { throw .unexpected(field: "isActive", reason: "an ended session cannot be active") }
        }
        try computedSummary?.validate()
        if let plannedDrinks { try Limits.plannedDrinks.check(Double(plannedDrinks), field: "plannedDrinks") }
    }
}
