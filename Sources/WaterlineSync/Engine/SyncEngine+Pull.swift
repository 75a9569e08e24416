import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Pulling: pages of the account's changes after the stored cursor (`sync:pull`), or one call per
/// kind of record where a backend has no `sync:pull`.
extension SyncEngine {
    func pullPages(from cursor: SyncCursor) async throws {
        let account = cursor.accountId
        var position = cursor.position
        var unplaced: [SyncPayload] = []
        var dropped = 0
        var refused = 0
        // Set aside: changes that could not be read, were out of range, or past the quotas. The
        // rest of each page is taken, and the push goes on after the pull.
        defer {
            update { $0.setAsideCount = refused }
            if refused > 0 {
                update { $0.lastError = "\(refused) changes from the server could not be read or kept here and were set aside" }
            }
        }
        for _ in 0..<maximumPages {
            let page = try await backend.pull(PullRequest(cursor: position, limit: pageSize))
            // A page past what was asked for is not taken, nor anything of it: a server that does
            // not keep to the limit cannot make this device hold more than it planned for.
            guard page.changes.count <= pageSize else {
                throw ConvexError.badResponse("sync:pull answered \(page.changes.count) changes for a page of at most \(pageSize)")
            }
            // A page that says there is more but does not move on would be asked for forever.
            if page.hasMore, page.cursor == position {
                throw ConvexError.badResponse("sync:pull answered more to come without moving past cursor \(page.cursor)")
            }
            let applied = try await store.applyPage(unplaced + page.changes, cursor: SyncCursor(accountId: account, position: page.cursor))
            // Logs waiting for their session are kept, but not without bound.
            unplaced = Array(applied.unplaced.prefix(Self.maximumUnplaced))
            dropped += applied.unplaced.count - unplaced.count
            refused += applied.refused + page.unreadable
            position = page.cursor
            guard page.hasMore else {
                if !unplaced.isEmpty || dropped > 0 {
                    // A log whose session never came: start over next time rather than skip it.
                    try await store.saveSyncCursor(SyncCursor(accountId: account, position: nil))
                    update { $0.lastError = "\(unplaced.count + dropped) entries arrived without their session; they will be fetched again" }
                }
                return
            }
        }
        // The cursor reached is kept, and the next pull goes on from there (from the start if
        // logs still wait for their session, so none is skipped).
        if !unplaced.isEmpty || dropped > 0 { try await store.saveSyncCursor(SyncCursor(accountId: account, position: nil)) }
        update { $0.lastError = "stopped after \(self.maximumPages) pages of changes; the next sync goes on from there" }
    }

    /// The per-record functions, for a backend without `sync:pull`: one call per kind and per session.
    func pullRecordByRecord() async throws {
        guard let client = backend.perRecord else { throw ConvexError.function(message: "the backend has no sync:pull", code: ErrorCode.unknownFunction.rawValue) }
        let user = try await client.call(Users.Me.self)
        _ = try await store.applyRemote(.settings(user.settings))
        if var local = try await store.user(), local.appleUserId != user.appleUserId {
            local.appleUserId = user.appleUserId
            try await store.saveUser(local)
        }
        for preset in try await client.call(Presets.List.self) {
            _ = try await store.applyRemote(.preset(preset))
        }
        for session in try await client.call(Sessions.List.self, .init()) {
            _ = try await store.applyRemote(.session(session))
            for log in try await client.call(LogEntries.ListForSession.self, .init(sessionId: session.id)) {
                _ = try await store.applyRemote(.logEntry(log))
            }
        }
    }
}
