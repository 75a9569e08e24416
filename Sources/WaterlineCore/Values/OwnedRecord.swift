import Foundation

/// A local value that is its owner and its record (`Session`, `DrinkPreset`): each field is
/// declared once, in the record, and reads and writes as the value's own (`session.startTime`).
/// It encodes flat, as the record's keys and `userId`.
@dynamicMemberLookup
public protocol OwnedRecord: Codable, Hashable, Sendable, Identifiable where ID == UUID {
    associatedtype Record: OwnerFreeRecord
    var userId: UUID { get set }
    /// Everything but the owner: what travels to the backend.
    var record: Record { get set }
    init(userId: UUID, record: Record)
}

private enum OwnerKey: String, CodingKey { case userId }

extension OwnedRecord {
    public subscript<Value>(dynamicMember field: WritableKeyPath<Record, Value>) -> Value {
        get { record[keyPath: field] }
        set { record[keyPath: field] = newValue }
    }

    /// `Identifiable`'s id: the record's.
    public var id: UUID {
        get { record.id }
        set { record.id = newValue }
    }

    /// The record's checks: the owner is the caller, not a field to check.
    public func validate() throws(ValidationError) {
        try record.validate()
    }

    public init(from decoder: any Decoder) throws {
        let userId = try decoder.container(keyedBy: OwnerKey.self).decode(UUID.self, forKey: .userId)
        self.init(userId: userId, record: try Record(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var owner = encoder.container(keyedBy: OwnerKey.self)
        try owner.encode(userId, forKey: .userId)
    }
}
