import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineSync

/// The phone as the watch's `SyncBackend`: each of the engine's calls is a typed `LinkRequest`
/// over the watch link, answered from the phone's store. A push the phone cannot take now (the
/// watch app is not in front, or the phone is away) is transferred, each change once
/// (`WatchTransfers`), before the engine hears it is offline.
public struct PhoneBackend: SyncBackend {
    private let link: any PhoneLink
    let transfers: WatchTransfers

    public init(link: any PhoneLink, transfers: WatchTransfers) {
        self.link = link
        self.transfers = transfers
    }

    public func accountId() async throws(ConvexError) -> UUID {
        try await person().id
    }

    /// The phone's person, and whose records it erased on purpose before them.
    public func person() async throws(ConvexError) -> (id: UUID, erasedBefore: UUID?) {
        guard case .person(let id, let erased) = try await send(.account) else {
            throw ConvexError.badResponse("the iPhone answered its person with something else")
        }
        return (id, erased)
    }

    public func push(_ batch: PushBatch) async throws(ConvexError) -> PushResults {
        let answer: LinkAnswer
        do {
            answer = try await link.send(.push(batch))
        } catch {
            await transfers.queue(batch.changes, on: link)
            throw ConvexError.offline("the iPhone is out of reach: \(error)")
        }
        if let refusal = answer.refusal { throw refusal }
        guard case .pushed(let results) = answer else { throw ConvexError.badResponse("the iPhone answered a push with something else") }
        // Answered live: what was also transferred before is the phone's now, and its transfer,
        // if the system has not delivered it yet, is not delivered at all.
        let handed = await transfers.taken(batch.changes)
        if !handed.isEmpty { await link.transfer([], cancelling: handed) }
        return results
    }

    public func pull(_ request: PullRequest) async throws(ConvexError) -> PullPage {
        guard case .page(let page) = try await send(.pull(request)) else { throw ConvexError.badResponse("the iPhone answered a pull with something else") }
        return page
    }

    /// The phone answers these three calls and no others.
    public var perRecord: ConvexClient? { nil }

    private func send(_ request: LinkRequest) async throws(ConvexError) -> LinkAnswer {
        let answer: LinkAnswer
        do {
            answer = try await link.send(request)
        } catch {
            throw ConvexError.offline("the iPhone is out of reach: \(error)")
        }
        if let refusal = answer.refusal { throw refusal }
        return answer
    }
}
