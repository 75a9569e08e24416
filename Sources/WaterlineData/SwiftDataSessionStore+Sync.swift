#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineAPI
import WaterlineCore
import WaterlineStorage

/// The store's sync bookkeeping: the change feed (what the watch and Health follow) and the pull
/// cursor.
extension SwiftDataSessionStore {
    // MARK: The change feed: one row per record, by unique key, read in sequence order

    public func readFeed(after sequence: Int, limit: Int) throws -> [FeedEntry] {
        var descriptor = FetchDescriptor<FeedRow>(predicate: #Predicate { $0.sequence > sequence }, sortBy: [SortDescriptor(\.sequence)])
        descriptor.fetchLimit = limit
        return try context.fetch(descriptor).compactMap(\.value)
    }

    public func writeFeedEntry(_ entry: FeedEntry) throws {
        let name = entry.key.description
        if let row = try first(FetchDescriptor<FeedRow>(predicate: #Predicate { $0.key == name })) {
            row.sequence = entry.sequence
            row.fromPeer = entry.fromPeer
        } else {
            context.insert(FeedRow(entry))
        }
    }

    public func readLastFeedSequence() throws -> Int {
        var last = FetchDescriptor<FeedRow>(sortBy: [SortDescriptor(\.sequence, order: .reverse)])
        last.fetchLimit = 1
        return try first(last)?.sequence ?? 0
    }

    // MARK: The cursor

    public func readCursor() throws -> SyncCursor? {
        try first(FetchDescriptor<SyncStateRow>())?.value
    }

    public func writeCursor(_ cursor: SyncCursor?) throws {
        let rows = try context.fetch(FetchDescriptor<SyncStateRow>())
        for row in rows.dropFirst() { context.delete(row) }
        switch (rows.first, cursor) {
        case (let row?, let cursor?):
            row.accountId = cursor.accountId
            row.position = cursor.position
        case (let row?, nil):
            context.delete(row)
        case (nil, let cursor?):
            context.insert(SyncStateRow(cursor))
        case (nil, nil):
            break
        }
    }
}
#endif
