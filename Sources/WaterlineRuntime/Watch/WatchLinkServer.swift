import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// The phone as its watch's backend: answers the watch's typed requests (its person, a push, a
/// pull) from the phone's own store, by the same rules the cloud follows
/// (`StoreRules.acceptFromPeer`), so the watch runs the very `SyncEngine` the phone runs against
/// the cloud. What the watch pushes is queued in the phone's outbox and goes on to the cloud.
///
/// A pull answers what changed since the watch's cursor, from the phone's change feed
/// (`StoreRules.peerChanges`): every write here, whoever made it, takes the next place in it, so
/// one change on the phone is one change over the link, however long the session. The watch keeps
/// the settings, the presets and the sessions of the last three days (the running one and the last
/// ended one whatever their age); a fresh watch's first pull (cursor 0) brings those whole.
public struct WatchLinkServer: Sendable {
    /// Sessions that started this long ago or later go to the watch, with the running and the last one.
    public static let window: TimeInterval = 3 * 24 * 3600
    /// Changes a pull page carries by default: a page stays well under WatchConnectivity's
    /// message size (about 65 KB) with a session's logs.
    public static let pageSize = 100

    let store: any SyncStore
    /// Where the place in this store's feed delivered to the watch is kept (`WatchDeliveries`).
    let ledger: any LinkLedgerStorage
    private let now: @Sendable () -> Date

    public init(store: any SyncStore, ledger: any LinkLedgerStorage, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.ledger = ledger
        self.now = now
    }

    /// The answer to one request, and whether it changed records here (which every surface then shows).
    public func answer(_ request: LinkRequest) async -> (answer: LinkAnswer, changed: Bool) {
        do {
            switch request {
            case .account:
                guard let user = try await store.user() else { throw WatchLinkRefusal(.notFound, "the iPhone has no one set up yet") }
                return (.person(id: user.id, erasedBefore: user.erasedBefore), false)
            case .push(let batch):
                guard (1...Limits.pushBatch).contains(batch.changes.count) else {
                    throw WatchLinkRefusal(.invalidArgument, "a push carries 1 to \(Limits.pushBatch) changes, not \(batch.changes.count)")
                }
                let accepted = try await store.acceptFromPeer(batch.changes)
                return (.pushed(PushResults(results: accepted.outcomes)), accepted.written > 0)
            case .pull(let pull):
                return (.page(try await page(pull)), false)
            case .resend:
                // Taken by the phone's deliveries (`WatchDeliveries.resend(after:)`), never answered.
                throw WatchLinkRefusal(.invalidArgument, "a resend is delivered, not answered")
            }
        } catch let refusal as WatchLinkRefusal {
            return (.refused(code: refusal.code.rawValue, message: refusal.message), false)
        } catch {
            return (.refused(code: ErrorCode.internal.rawValue, message: String(describing: error)), false)
        }
    }

    private func page(_ request: PullRequest) async throws -> PullPage {
        let limit = min(max(request.limit ?? Self.pageSize, 1), Limits.pullPage)
        return try await store.peerChanges(after: request.cursor ?? 0, limit: limit, sessionsSince: now().addingTimeInterval(-Self.window))
    }
}

/// A request the phone refuses, with the code the backend would give.
private struct WatchLinkRefusal: Error {
    var code: ErrorCode
    var message: String

    init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
