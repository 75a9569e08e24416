import Foundation
import WaterlineCore

/// A record's whole state as it is pushed or pulled: every write is an idempotent upsert of this.
public enum SyncPayload: Hashable, Sendable {
    case session(SessionRecord)
    case logEntry(LogEntry)
    case preset(PresetRecord)
    case settings(UserSettings)

    public var key: SyncKey {
        switch self {
        case .session(let record): SyncKey(entity: .session, id: record.id)
        case .logEntry(let log): SyncKey(entity: .logEntry, id: log.id)
        case .preset(let record): SyncKey(entity: .preset, id: record.id)
        case .settings: SyncKey(entity: .settings, id: nil)
        }
    }

    public var stamp: Stamp {
        switch self {
        case .session(let record): Stamp(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        case .logEntry(let log): Stamp(updatedAt: log.updatedAt, deletedAt: log.deletedAt)
        case .preset(let record): Stamp(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
        case .settings(let settings): Stamp(updatedAt: settings.updatedAt, deletedAt: nil)
        }
    }
}

extension SyncPayload: Codable {
    private enum CodingKeys: String, CodingKey { case entity, record }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(SyncEntity.self, forKey: .entity) {
        case .session: self = .session(try container.decode(SessionRecord.self, forKey: .record))
        case .logEntry: self = .logEntry(try container.decode(LogEntry.self, forKey: .record))
        case .preset: self = .preset(try container.decode(PresetRecord.self, forKey: .record))
        case .settings: self = .settings(try container.decode(UserSettings.self, forKey: .record))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key.entity, forKey: .entity)
        switch self {
        case .session(let record): try container.encode(record, forKey: .record)
        case .logEntry(let log): try container.encode(log, forKey: .record)
        case .preset(let record): try container.encode(record, forKey: .record)
        case .settings(let settings): try container.encode(settings, forKey: .record)
        }
    }
}
