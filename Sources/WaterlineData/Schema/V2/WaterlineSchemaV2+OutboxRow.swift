#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// One row of the sync outbox: a record's latest state waiting for the backend.
    @Model
    public final class OutboxRow {
        /// "logEntry b0000000-…", the kit's `SyncKey` description.
        @Attribute(.unique) public var key: String
        public var sequence: Int
        public var revision: Int
        public var failure: String?
        public var payloadJSON: Data

        public init(_ value: PendingChange) throws {
            key = value.id.description
            sequence = value.sequence
            revision = value.revision
            failure = value.failure
            payloadJSON = try WaterlineCoding.encoder(pretty: false).encode(value.payload)
        }

        public func update(from value: PendingChange) throws {
            sequence = value.sequence
            revision = value.revision
            failure = value.failure
            payloadJSON = try WaterlineCoding.encoder(pretty: false).encode(value.payload)
        }

        public func value() throws -> PendingChange {
            PendingChange(
                payload: try WaterlineCoding.decoder().decode(SyncPayload.self, from: payloadJSON),
                sequence: sequence, revision: revision, failure: failure
            )
        }
    }
}
#endif
