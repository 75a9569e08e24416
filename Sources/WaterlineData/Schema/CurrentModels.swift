#if canImport(SwiftData)
import Foundation
import SwiftData

// The models the store and the app use: the newest schema's. A new schema version points these
// at its own models, and every use follows.
public typealias UserRow = WaterlineSchemaV2.UserRow
public typealias SessionRow = WaterlineSchemaV2.SessionRow
public typealias LogEntryRow = WaterlineSchemaV2.LogEntryRow
public typealias PresetRow = WaterlineSchemaV2.PresetRow
public typealias OutboxRow = WaterlineSchemaV2.OutboxRow
public typealias SyncStateRow = WaterlineSchemaV2.SyncStateRow
public typealias FeedRow = WaterlineSchemaV2.FeedRow
#endif
