#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// The one SwiftData container every target opens the same way, in the shared App Group.
public enum WaterlineContainer {
    public static let appGroup = "group.com.waterline.app"
    /// The newest schema's models. Made on demand: `Schema` is not Sendable, so it cannot be a
    /// shared constant.
    public static var schema: Schema { Schema(versionedSchema: WaterlineSchemaV2.self) }

    /// The shared store; `inMemory` for tests and previews. A store written by an earlier
    /// released schema is brought to the newest by `WaterlineMigrationPlan` as it opens.
    public static func make(inMemory: Bool = false) throws -> ModelContainer {
        let schema = schema
        let configuration = inMemory
            ? ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
            : ModelConfiguration(schema: schema, groupContainer: .identifier(appGroup))
        return try ModelContainer(for: schema, migrationPlan: WaterlineMigrationPlan.self, configurations: [configuration])
    }

    /// A store in the file at `url`, opened as the App Group's is (tests reopen one).
    public static func make(at url: URL) throws -> ModelContainer {
        let schema = schema
        let configuration = ModelConfiguration(schema: schema, url: url)
        return try ModelContainer(for: schema, migrationPlan: WaterlineMigrationPlan.self, configurations: [configuration])
    }
}
#endif
