#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// The one SwiftData container every target opens the same way, in the shared App Group.
public enum WaterlineContainer {
    public static let appGroup = "group.com.waterline.app"
    /// Made on demand: `Schema` is not Sendable, so it cannot be a shared constant.
    public static var schema: Schema { Schema([UserRow.self, SessionRow.self, LogEntryRow.self, PresetRow.self, OutboxRow.self, SyncStateRow.self, FeedRow.self]) }

    /// The shared store; `inMemory` for tests and previews.
    public static func make(inMemory: Bool = false) throws -> ModelContainer {
        let schema = schema
        let configuration = inMemory
            ? ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
            : ModelConfiguration(schema: schema, groupContainer: .identifier(appGroup))
        return try ModelContainer(for: schema, configurations: [configuration])
    }
}
#endif
