#if canImport(SwiftData)
import Foundation
import SwiftData

// The models the store and the app use: the newest schema's. A new schema version points these
// at its own models, and every use follows.
public typealias UserRow = WaterlineSchemaV1.UserRow
public typealias SessionRow = WaterlineSchemaV1.SessionRow
public typealias LogEntryRow = WaterlineSchemaV1.LogEntryRow
public typealias PresetRow = WaterlineSchemaV1.PresetRow
public typealias OutboxRow = WaterlineSchemaV1.OutboxRow
public typealias SyncStateRow = WaterlineSchemaV1.SyncStateRow
public typealias FeedRow = WaterlineSchemaV1.FeedRow
#endif
