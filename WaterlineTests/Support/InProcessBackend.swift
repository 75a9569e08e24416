import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineSync
@testable import WaterlineRuntime

/// A cloud in the test's process: a store answered by the backend's rules (`WatchLinkServer`, the
/// same rules the phone answers its watch with), which the phone's sync engine reaches as it
/// reaches any backend.
struct InProcessBackend: SyncBackend {
    let server: WatchLinkServer

    func accountId() async throws(ConvexError) -> UUID {
        guard case .person(let id, _) = try await answer(.account) else { throw ConvexError.badResponse("not a person") }
        return id
    }

    func push(_ batch: PushBatch) async throws(ConvexError) -> PushResults {
        guard case .pushed(let results) = try await answer(.push(batch)) else { throw ConvexError.badResponse("not a push's results") }
        return results
    }

    func pull(_ request: PullRequest) async throws(ConvexError) -> PullPage {
        guard case .page(let page) = try await answer(.pull(request)) else { throw ConvexError.badResponse("not a page") }
        return page
    }

    var perRecord: ConvexClient? { nil }

    private func answer(_ request: LinkRequest) async throws(ConvexError) -> LinkAnswer {
        let answer = await server.answer(request).answer
        if let refusal = answer.refusal { throw refusal }
        return answer
    }
}
