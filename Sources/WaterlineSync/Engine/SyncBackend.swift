import Foundation
import WaterlineCore
import WaterlineAPI

/// What the sync engine asks of whatever it syncs with: the cloud (any backend speaking the
/// function API, through `ConvexClient`), or, for the watch, its phone over their typed link.
/// Every failure is a `ConvexError`, so the engine retries, stops or marks a refusal alike.
public protocol SyncBackend: Sendable {
    /// The account the calls act as (`users:me`).
    func accountId() async throws(ConvexError) -> UUID
    /// Takes a batch of changes, answering each one's outcome in order (`sync:push`).
    func push(_ batch: PushBatch) async throws(ConvexError) -> PushResults
    /// The account's changes after a cursor, a page at a time (`sync:pull`).
    func pull(_ request: PullRequest) async throws(ConvexError) -> PullPage
    /// The backend's per-record functions, for a server older than `sync:*`; nil for one that
    /// has only these three.
    var perRecord: ConvexClient? { get }
    /// A new session token for the account, the one the calls are made with ended (`auth:renew`).
    /// A backend that holds no token of this device's (the watch's phone) answers UNKNOWN_FUNCTION.
    func renewSession() async throws(ConvexError) -> AuthSession
}

extension SyncBackend {
    public func renewSession() async throws(ConvexError) -> AuthSession {
        throw .function(message: "this backend renews no session token", code: ErrorCode.unknownFunction.rawValue)
    }
}

extension ConvexClient: SyncBackend {
    public func accountId() async throws(ConvexError) -> UUID {
        try await call(Users.Me.self).id
    }

    public func push(_ batch: PushBatch) async throws(ConvexError) -> PushResults {
        try await call(Sync.Push.self, batch)
    }

    public func pull(_ request: PullRequest) async throws(ConvexError) -> PullPage {
        try await call(Sync.Pull.self, request)
    }

    public var perRecord: ConvexClient? { self }

    public func renewSession() async throws(ConvexError) -> AuthSession {
        try await call(Auth.Renew.self)
    }
}
