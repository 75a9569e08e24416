import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// An `HTTPTransport` that answers from a script and records what was sent. Strict by default: a
/// call past the script is an issue of the test (and answered as offline), unless the test says
/// how such calls are answered (`fallback:`, e.g. `ScriptedTransport.echo`).
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    enum Answer {
        case json(Int, String)
        /// A JSON answer with headers (a 429's `Retry-After`).
        case headed(Int, String, [String: String])
        case offline
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private let fallback: (_ path: String, _ args: [String: Any]) -> Answer
    private(set) var sent: [(path: String, args: [String: Any], authorization: String?)] = []

    /// - Parameters:
    ///   - answers: given out in order, one per request;
    ///   - fallback: answers once the script runs out (by default: none; the call is a test failure).
    ///   - sourceLocation: where the test made it, which an unscripted call's issue names.
    init(
        _ answers: [Answer] = [], fallback: ((_ path: String, _ args: [String: Any]) -> Answer)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.answers = answers
        self.fallback = fallback ?? { path, _ in
            Issue.record("an unscripted call to \(path) (give the transport an answer for it, or a fallback)", sourceLocation: sourceLocation)
            return .offline
        }
    }

    var paths: [String] { lock.withLock { sent.map(\.path) } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let body = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: Any] ?? [:]
        let path = body["path"] as? String ?? ""
        let args = body["args"] as? [String: Any] ?? [:]
        let answer: Answer = lock.withLock {
            sent.append((path, args, request.value(forHTTPHeaderField: "Authorization")))
            return answers.isEmpty ? fallback(path, args) : answers.removeFirst()
        }
        switch answer {
        case .offline:
            throw URLError(.notConnectedToInternet)
        case .json(let status, let text):
            let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
            return (Data(text.utf8), response)
        case .headed(let status, let text, let headers):
            let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            return (Data(text.utf8), response)
        }
    }

    /// A successful answer whose value is the call's own arguments, as an upsert returns the stored record.
    /// `sync:push` answers each change as stored, `sync:pull` an empty page at the cursor sent.
    static func echo(_ path: String, _ args: [String: Any]) -> Answer {
        let result: Any = switch path {
        case "sync:push": ["results": (args["changes"] as? [Any] ?? []).map { ["ok": true, "change": $0] }]
        case "sync:pull": ["changes": [Any](), "cursor": args["cursor"] ?? 0, "hasMore": false]
        default: args
        }
        let value = try! JSONSerialization.data(withJSONObject: ["status": "success", "value": result])
        return .json(200, String(decoding: value, as: UTF8.self))
    }

    static func functionError(_ code: String, _ message: String = "refused") -> Answer {
        .json(560, #"{"status":"error","errorMessage":"\#(message)","errorData":{"code":"\#(code)"}}"#)
    }
}

/// A `SyncClock` whose sleeps return at once and are recorded.
final class RecordingSyncClock: SyncClock, @unchecked Sendable {
    private let lock = NSLock()
    private var slept: [Double] = []
    private var moved: Double = 0

    var sleeps: [Double] { lock.withLock { slept } }

    /// `Fixed.start`, moved on by every sleep and `advance(by:)`.
    func now() -> Date { lock.withLock { Fixed.start.addingTimeInterval(moved) } }

    func advance(by seconds: Double) {
        lock.withLock { moved += seconds }
    }

    func sleep(seconds: Double) async throws {
        lock.withLock {
            slept.append(seconds)
            moved += seconds
        }
    }
}
