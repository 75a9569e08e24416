import Foundation

/// A bounded "Night Out": from start to end, with its logs kept as separate records.
public struct Session: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var userId: UUID
    public var startTime: Date
    public var endTime: Date?
    public var isActive: Bool
    /// Stored when the session ends, and again after an edit to an ended session.
    public var computedSummary: SessionSummary?
    public var updatedAt: Date
    public var deletedAt: Date?
    /// "I'm planning N drinks": standard drinks the person meant to have tonight, set when the
    /// session starts (or later); nil when no plan was made.
    public var plannedDrinks: Int?
    /// The plan a picker starts from when the person has none to go on (no plan tonight, none
    /// remembered from the last session): the phone's Home and the watch alike.
    public static let suggestedPlannedDrinks = 4

    public init(
        id: UUID,
        userId: UUID,
        startTime: Date,
        endTime: Date? = nil,
        isActive: Bool = true,
        computedSummary: SessionSummary? = nil,
        updatedAt: Date? = nil,
        deletedAt: Date? = nil,
        plannedDrinks: Int? = nil
    ) {
        self.id = id
        self.userId = userId
        self.startTime = startTime
        self.endTime = endTime
        self.isActive = isActive
        self.computedSummary = computedSummary
        self.updatedAt = updatedAt ?? startTime
        self.deletedAt = deletedAt
        self.plannedDrinks = plannedDrinks
    }

    /// How long the session has run: to its end, or to `now` while it is active.
    public func duration(now: Date) -> TimeInterval {
        max(0, (endTime ?? now).timeIntervalSince(startTime))
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
