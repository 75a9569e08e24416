import Foundation
import WaterlineCore

/// Which record a pending change is about; settings have one record per person, so no id.
public struct SyncKey: Codable, Hashable, Sendable, CustomStringConvertible {
    public var entity: SyncEntity
    public var id: UUID?

    public init(entity: SyncEntity, id: UUID?) {
        self.entity = entity
        self.id = id
    }

    public var description: String {
        id.map { "\(entity.rawValue) \($0.uuidString.lowercased())" } ?? entity.rawValue
    }
}
