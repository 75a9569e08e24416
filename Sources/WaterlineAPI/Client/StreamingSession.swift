import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(FoundationNetworking)
// Linux's Foundation declares the delegate's completion handlers without `@Sendable`; Apple's
// SDKs with it. A witness that differs would not be the delegate method, and would never be called.
typealias ResponseDecision = (URLSession.ResponseDisposition) -> Void
typealias RedirectDecision = (URLRequest?) -> Void
#else
typealias ResponseDecision = @Sendable (URLSession.ResponseDisposition) -> Void
typealias RedirectDecision = @Sendable (URLRequest?) -> Void
#endif

/// The `URLSession` behind `URLSessionTransport`: its own delegate, so each exchange's bytes are
/// counted as they arrive and its redirects are judged before they are followed.
///
/// `URLSession` calls its delegate on its own queue; each task's state sits in a table under a
/// lock, and the awaiting call is resumed exactly once: by whichever event removes its entry
/// (the answer found too large, or completion).
final class StreamingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Keeps a session alive while transports use it, and lets it go after (a `URLSession` keeps
    /// its delegate until invalidated).
    final class Owner: Sendable {
        static let shared = Owner(StreamingSession(configuration: .default), shared: true)

        let session: StreamingSession
        private let isShared: Bool

        init(_ session: StreamingSession, shared: Bool = false) {
            self.session = session
            isShared = shared
        }

        deinit {
            if !isShared { session.urlSession?.finishTasksAndInvalidate() }
        }
    }

    /// One exchange in flight.
    private struct Exchange {
        let continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
        let origin: String
        let maximumBytes: Int
        var data = Data()
        var response: HTTPURLResponse?
        /// A redirect refused, reported at completion (with the redirect's answer, which is not read).
        var refusal: (any Error)?
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private(set) var urlSession: URLSession?

    init(configuration: URLSessionConfiguration) {
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        urlSession = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    func exchange(_ request: URLRequest, maximumBytes: Int) async throws -> (Data, HTTPURLResponse) {
        guard let urlSession else { throw ConvexError.offline("the connection was closed") }
        let task = urlSession.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    exchanges[task.taskIdentifier] = Exchange(
                        continuation: continuation, origin: ExchangeRules.origin(request.url), maximumBytes: maximumBytes
                    )
                }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping ResponseDecision
    ) {
        let refused: Exchange? = lock.withLock {
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return nil }
            guard response.expectedContentLength <= Int64(exchange.maximumBytes) else {
                return exchanges.removeValue(forKey: dataTask.taskIdentifier)
            }
            exchange.response = response as? HTTPURLResponse
            exchanges[dataTask.taskIdentifier] = exchange
            return nil
        }
        if let refused { refused.continuation.resume(throwing: ExchangeRules.answerTooLarge(refused.maximumBytes)) }
        completionHandler(refused == nil ? .allow : .cancel)
    }

    /// Past the cap the call is answered at once and the exchange cancelled; whatever still
    /// arrives before the cancel lands finds no exchange and is dropped.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused: Exchange? = lock.withLock {
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return nil }
            guard exchange.data.count + data.count <= exchange.maximumBytes else {
                return exchanges.removeValue(forKey: dataTask.taskIdentifier)
            }
            exchange.data.append(data)
            exchanges[dataTask.taskIdentifier] = exchange
            return nil
        }
        if let refused {
            refused.continuation.resume(throwing: ExchangeRules.answerTooLarge(refused.maximumBytes))
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping RedirectDecision
    ) {
        let follow: Bool = lock.withLock {
            guard var exchange = exchanges[task.taskIdentifier] else { return false }
            guard ExchangeRules.origin(request.url) == exchange.origin else {
                exchange.refusal = ExchangeRules.redirectRefused(to: request.url, from: exchange.origin)
                exchanges[task.taskIdentifier] = exchange
                return false
            }
            return true
        }
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let refusal = exchange.refusal {
            exchange.continuation.resume(throwing: refusal)
        } else if let error {
            exchange.continuation.resume(throwing: error)
        } else if let response = exchange.response {
            exchange.continuation.resume(returning: (exchange.data, response))
        } else {
            exchange.continuation.resume(throwing: ConvexError.badResponse("not an HTTP response"))
        }
    }
}
