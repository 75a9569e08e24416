import WaterlineCore
import WaterlineAPI

extension ChangedRecords {
    /// The records a merged version of `payload` replaced.
    public init(_ payload: SyncPayload) {
        self.init()
        insert(payload)
    }

    public mutating func insert(_ payload: SyncPayload) {
        switch payload {
        case .settings: settings = true
        case .preset(let preset): presets.insert(preset.id)
        case .session(let record): sessions.insert(record.id)
        case .logEntry(let log): sessions.insert(log.sessionId)
        }
    }
}
