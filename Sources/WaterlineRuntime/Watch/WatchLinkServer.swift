import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// The phone as its watch's backend: answers the watch's `sync:push`, `sync:pull` and `users:me`
/// from the phone's own store, by the same rules the cloud follows (`StoreRules.acceptFromPeer`),
/// in the Convex HTTP API's shape, so the watch runs the very `SyncEngine` the phone runs against
/// the cloud. What the watch pushes is queued in the phone's outbox and goes on to the cloud.
///
/// A pull answers the window the watch keeps (`StoreRules.peerWindow`) whole, a page at a time:
/// the phone keeps no change sequence of its own, and merging is idempotent, so a page seen twice
/// changes nothing. The last page's cursor is 0, so the next pull starts from the beginning.
public struct WatchLinkServer: Sendable {
    /// Nights that started this long ago or later go to the watch, with the running and the last one.
    public static let window: TimeInterval = 3 * 24 * 3600
    /// Changes a pull page carries by default: a page stays well under WatchConnectivity's
    /// message size (about 65 KB) with a night's logs.
    public static let pageSize = 100

    private let store: any SyncStore
    private let now: @Sendable () -> Date

    public init(store: any SyncStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// The answer to one call, and whether it changed records here (which every surface then shows).
    public func answer(_ body: Data) async -> (response: Data, changed: Bool) {
        do {
            let head = try WaterlineCoding.decoder().decode(CallHead.self, from: body)
            switch head.path {
            case Users.Me.name:
                guard let user = try await store.user() else { throw WatchLinkRefusal(.notFound, "the iPhone has no one set up yet") }
                return (try Self.success(user), false)
            case Sync.Push.name:
                let batch = try Self.arguments(PushBatch.self, of: body)
                guard (1...Limits.pushBatch).contains(batch.changes.count) else {
                    throw WatchLinkRefusal(.invalidArgument, "a push carries 1 to \(Limits.pushBatch) changes, not \(batch.changes.count)")
                }
                let accepted = try await store.acceptFromPeer(batch.changes)
                return (try Self.success(PushResults(results: accepted.outcomes)), accepted.written > 0)
            case Sync.Pull.name:
                let request = try Self.arguments(PullRequest.self, of: body)
                return (try Self.success(try await page(request)), false)
            default:
                throw WatchLinkRefusal(.unknownFunction, "the iPhone does not answer \(head.path) for its watch")
            }
        } catch let refusal as WatchLinkRefusal {
            return (Self.failure(refusal.code, refusal.message), false)
        } catch is DecodingError {
            return (Self.failure(.badRequest, "not a function call the iPhone can read"), false)
        } catch {
            return (Self.failure(.internal, String(describing: error)), false)
        }
    }

    private func page(_ request: PullRequest) async throws -> PullPage {
        let limit = min(max(request.limit ?? Self.pageSize, 1), Limits.pullPage)
        let window = try await store.peerWindow(nightsSince: now().addingTimeInterval(-Self.window))
        // A cursor past the window (it shrank since the last page) starts over.
        let asked = max(request.cursor ?? 0, 0)
        let start = asked < window.count ? asked : 0
        let end = min(start + limit, window.count)
        let hasMore = end < window.count
        return PullPage(changes: Array(window[start..<end]), cursor: hasMore ? end : 0, hasMore: hasMore)
    }

    private static func arguments<Args: Codable & Sendable>(_ type: Args.Type, of body: Data) throws -> Args {
        try WaterlineCoding.decoder().decode(FunctionCall<Args>.self, from: body).args
    }

    private static func success<Value: Codable & Sendable>(_ value: Value) throws -> Data {
        try WaterlineCoding.encoder(pretty: false).encode(FunctionResponse<Value>.success(value))
    }

    private static func failure(_ code: ErrorCode, _ message: String) -> Data {
        (try? WaterlineCoding.encoder(pretty: false).encode(FunctionResponse<NoArgs>.error(message: message, code: code.rawValue))) ?? Data()
    }
}

/// The path of a call, read before its arguments.
private struct CallHead: Decodable {
    var path: String
}

/// A call the phone refuses, with the code the backend would give.
private struct WatchLinkRefusal: Error {
    var code: ErrorCode
    var message: String

    init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
