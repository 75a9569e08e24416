import Foundation

/// A bounded "Night Out": from start to end, with its logs kept as separate records.
///
/// Its owner and its `record` (`OwnedRecord`): each field is declared once, in `SessionRecord`.
public struct Session: OwnedRecord {
    public var userId: UUID
    public var record: SessionRecord
    /// The plan a picker starts from when the person has none to go on (no plan tonight, none
    /// remembered from the last session): the phone's Home and the watch alike.
    public static let suggestedPlannedDrinks = 4

    public init(userId: UUID, record: SessionRecord) {
        self.userId = userId
        self.record = record
    }

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
        self.init(
            userId: userId,
            record: SessionRecord(
                id: id, startTime: startTime, endTime: endTime, isActive: isActive, computedSummary: computedSummary,
                updatedAt: updatedAt ?? startTime, deletedAt: deletedAt, plannedDrinks: plannedDrinks
            )
        )
    }

    /// How long the session has run: to its end, or to `now` while it is active.
    public func duration(now: Date) -> TimeInterval {
        max(0, (record.endTime ?? now).timeIntervalSince(record.startTime))
    }
}
