#if canImport(SwiftData)
import Foundation
import SwiftData

/// Every released schema, oldest first, and the stage between each two: the container opens a
/// store of any of them and brings it to the last. One version so far, so no stage yet.
public enum WaterlineMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [WaterlineSchemaV1.self] }

    public static var stages: [MigrationStage] { [] }
}
#endif
