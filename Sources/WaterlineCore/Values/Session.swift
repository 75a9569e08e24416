import Foundation

/// A bounded "Night Out": from start to end, with its logs kept as separate records.
///
/// Its fields are its owner and its `record` (declared once, in `SessionRecord`); every field of
/// the record reads and writes as the session's own (`session.startTime`). It encodes flat, as
/// the record's keys and `userId`.
@dynamicMemberLookup
public struct Session: Codable, Hashable, Sendable, Identifiable {
    public var userId: UUID
    /// Everything but the owner: what travels to the backend.
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

    public subscript<Value>(dynamicMember field: WritableKeyPath<SessionRecord, Value>) -> Value {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
    }

    /// `Identifiable` asks for a declared `id`; it is the record's.
    public var id: UUID {
        get { record.id }
        set { record.id = newValue }
    }

    private enum OwnerKey: String, CodingKey { case userId }

    public init(from decoder: any Decoder) throws {
        userId = try decoder.container(keyedBy: OwnerKey.self).decode(UUID.self, forKey: .userId)
        record = try SessionRecord(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var owner = encoder.container(keyedBy: OwnerKey.self)
        try owner.encode(userId, forKey: .userId)
    }

    /// How long the session has run: to its end, or to `now` while it is active.
    public func duration(now: Date) -> TimeInterval {
        max(0, (record.endTime ?? now).timeIntervalSince(record.startTime))
    }

    /// Throws when the session's dates contradict each other.
    public func validate() throws(ValidationError) {
        try Limits.timestamp.check(record.startTime.timeIntervalSince1970, field: "startTime")
        if let endTime = record.endTime {
            try Limits.timestamp.check(endTime.timeIntervalSince1970, field: "endTime")
            guard endTime >= record.startTime else { throw .unexpected(field: "endTime", reason: "a session cannot end before it starts") }
            guard !record.isActive else { throw .unexpected(field: "isActive", reason: "an ended session cannot be active") }
        }
        try record.computedSummary?.validate()
        if let plannedDrinks = record.plannedDrinks { try Limits.plannedDrinks.check(Double(plannedDrinks), field: "plannedDrinks") }
    }
}
