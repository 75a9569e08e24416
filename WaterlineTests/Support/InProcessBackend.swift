import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineRuntime

/// A cloud in the test's process: a store answered by the backend's rules (`WatchLinkServer`, the
/// same rules the phone answers its watch with), reached through the phone's real client.
struct InProcessBackend: HTTPTransport {
    let server: WatchLinkServer

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (answer, _) = await server.answer(request.httpBody ?? Data())
        return (answer, HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
    }
}
