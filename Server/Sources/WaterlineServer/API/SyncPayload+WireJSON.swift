import WaterlineAPI
import WaterlineCore
import WaterlineJSON

/// A push's changes, read without `Codable`'s generic containers (a few hundred of them a call):
/// the same as `SyncPayload.init(from:)` and `PushBatch.init(from:)` read, each record by its own
/// reading (`LogEntry`'s by hand); `WaterlineJSONTests` holds them to Foundation's.
extension SyncPayload: JSONDocumentReadable {
    public init(document: JSONDocument, node: Int) throws {
        guard let entityNode = document.member("entity", of: node), let record = document.member("record", of: node) else {
            throw JSONDocumentDecoder.Declined()
        }
        switch try document.readRaw(SyncEntity.self, at: entityNode) {
        case .session: self = .session(try document.read(SessionRecord.self, at: record))
        case .logEntry: self = .logEntry(try document.read(LogEntry.self, at: record))
        case .preset: self = .preset(try document.read(PresetRecord.self, at: record))
        case .settings: self = .settings(try document.read(UserSettings.self, at: record))
        }
    }
}

extension PushBatch: JSONDocumentReadable {
    public init(document: JSONDocument, node: Int) throws {
        guard let changes = document.member("changes", of: node) else { throw JSONDocumentDecoder.Declined() }
        self.init(changes: try document.elements(of: changes).map { try document.read(SyncPayload.self, at: $0) })
    }
}
