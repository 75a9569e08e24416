#if canImport(SwiftData)
import Foundation
import SwiftData

/// Every released schema, oldest first, and the stage between each two: the container opens a
/// store of any of them and brings it to the last.
public enum WaterlineMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [WaterlineSchemaV1.self, WaterlineSchemaV2.self] }

    public static var stages: [MigrationStage] {
        // V2 adds one optional column (the session's plan): SwiftData fills it with nil.
        [.lightweight(fromVersion: WaterlineSchemaV1.self, toVersion: WaterlineSchemaV2.self)]
    }
}
#endif
