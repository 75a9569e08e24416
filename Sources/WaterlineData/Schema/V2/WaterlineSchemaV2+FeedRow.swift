#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// One record's place in the store's change feed (`FeedEntry`), which the phone's watch pulls from.
    @Model
    public final class FeedRow {
        /// "logEntry b0000000-…", the kit's `SyncKey` description.
        @Attribute(.unique) public var key: String = ""
        public var entity: String = SyncEntity.session.rawValue
        public var recordId: UUID?
        public var sequence: Int = 0
        /// `FeedEntry.fromPeer`.
        public var fromPeer: Bool = false

        public init(_ entry: FeedEntry) {
            key = entry.key.description
            entity = entry.key.entity.rawValue
            recordId = entry.key.id
            sequence = entry.sequence
            fromPeer = entry.fromPeer
        }

        /// The entry, or nil for a row of a kind this version does not know.
        public var value: FeedEntry? {
            SyncEntity(rawValue: entity).map { FeedEntry(key: SyncKey(entity: $0, id: recordId), sequence: sequence, fromPeer: fromPeer) }
        }
    }
}
#endif
