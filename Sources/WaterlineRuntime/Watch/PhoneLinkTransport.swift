import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WaterlineCore
import WaterlineAPI

/// The watch's `HTTPTransport`: each backend call goes to the phone over the watch link as a
/// `WatchMessage.call`, and the phone's answer comes back as the body of a 200. So the watch's
/// `SyncEngine` and `ConvexClient` are the ones the phone runs against the cloud, unchanged.
public struct PhoneLinkTransport: HTTPTransport {
    private let link: any PhoneLink

    public init(link: any PhoneLink) {
        self.link = link
    }

    /// The base URL the watch's client is made with: never dialled, only carried in its requests.
    public static let phoneURL = URL(string: "waterline-phone://paired")!

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let body = request.httpBody, let url = request.url else { throw ConvexError.badResponse("a call without a body") }
        let message = try WatchMessage.call(body).encoded()
        // A write is worth queueing for the phone; a read answers nobody once the watch has gone.
        let answer: Data
        do {
            answer = try await link.exchange(message, queueIfAway: url.lastPathComponent == FunctionKind.mutation.rawValue)
        } catch let error as ConvexError {
            throw error
        } catch {
            throw ConvexError.offline("the iPhone is out of reach: \(error)")
        }
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil) else {
            throw ConvexError.badResponse("could not frame the iPhone's answer")
        }
        return (answer, response)
    }
}
