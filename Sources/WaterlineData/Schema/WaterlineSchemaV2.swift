#if canImport(SwiftData)
import Foundation
import SwiftData

/// The store's second schema: V1's models, with the session's plan (`SessionRow.plannedDrinks`),
/// which V1 had no column for, so a plan saved on the phone was lost. A lightweight stage in
/// `WaterlineMigrationPlan` brings a V1 store here (the new column starts empty).
public enum WaterlineSchemaV2: VersionedSchema {
    public static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }

    public static var models: [any PersistentModel.Type] {
        [UserRow.self, SessionRow.self, LogEntryRow.self, PresetRow.self, OutboxRow.self, SyncStateRow.self, FeedRow.self]
    }
}
#endif
