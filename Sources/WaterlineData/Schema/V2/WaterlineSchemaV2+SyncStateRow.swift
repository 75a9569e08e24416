#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// The one row saying whose data this store holds and how far it has pulled (`SyncCursor`).
    @Model
    public final class SyncStateRow {
        public var accountId: UUID
        public var position: Int?

        public init(_ value: SyncCursor) {
            accountId = value.accountId
            position = value.position
        }

        public var value: SyncCursor { SyncCursor(accountId: accountId, position: position) }
    }
}
#endif
