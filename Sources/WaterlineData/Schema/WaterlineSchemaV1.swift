#if canImport(SwiftData)
import Foundation
import SwiftData

/// The store's first released schema: these models, exactly as they shipped. Once released a
/// version never changes; the next one is a new `VersionedSchema` beside it (see the README's
/// "Changing the SwiftData model"), and `WaterlineMigrationPlan` says how to go from one to the next.
public enum WaterlineSchemaV1: VersionedSchema {
    public static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }

    public static var models: [any PersistentModel.Type] {
        [UserRow.self, SessionRow.self, LogEntryRow.self, PresetRow.self, OutboxRow.self, SyncStateRow.self, FeedRow.self]
    }
}
#endif
