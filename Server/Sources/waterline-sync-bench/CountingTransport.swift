import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// Counts the requests a sync makes.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    private let base = URLSessionTransport()

    var count: Int { lock.withLock { sent } }

    func reset() { lock.withLock { sent = 0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { sent += 1 }
        return try await base.send(request)
    }
}
