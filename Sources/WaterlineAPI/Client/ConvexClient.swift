import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WaterlineCore

/// Calls backend functions over the Convex HTTP API: a Convex deployment or the Waterline server.
///
/// A server that is broken or hostile cannot hold a call forever or fill the device: every call
/// has a deadline for the whole exchange (a body trickled a byte at a time included), and an
/// answer larger than `maximumResponseBytes` is refused.
public struct ConvexClient: Sendable {
    /// Far above the largest answer (a pull page of 1,000 changes is well under a megabyte).
    public static let maximumResponseBytes = 16 * 1024 * 1024

    public let baseURL: URL
    /// How long the connection may stay silent.
    public var timeout: TimeInterval
    /// How long a whole call may take, however the answer trickles in.
    public var deadline: Duration
    private let transport: any HTTPTransport
    private let token: @Sendable () async -> String?
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - token: the session token to send as `Authorization: Bearer`, read on every call;
    ///   - deadline: the most a call may take (four times `timeout`, at least a minute, by default);
    ///   - sleep: how the deadline waits (tests pass one that returns at once).
    public init(
        baseURL: URL,
        timeout: TimeInterval = 15,
        deadline: Duration? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        token: @escaping @Sendable () async -> String? = { nil },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.deadline = deadline ?? .seconds(max(60, timeout * 4))
        self.transport = transport
        self.token = token
        self.sleep = sleep
    }

    /// Calls `Function` with `args` and returns its value.
    public func call<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) async throws(ConvexError) -> Function.Value {
        var request = try makeRequest(Function.self, args)
        if let token = await token() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let data: Data, response: HTTPURLResponse
        do {
            (data, response) = try await send(request)
        } catch let error as ConvexError {
            throw error
        } catch {
            throw .offline(String(describing: error))
        }
        guard data.count <= Self.maximumResponseBytes else {
            throw .badResponse("\(Function.name): an answer of \(data.count) bytes is larger than any the backend sends")
        }
        if response.statusCode == 429 {
            let message = (try? WaterlineCoding.decoder().decode(FunctionResponse<NoArgs>.self, from: data)).flatMap { answer -> String? in
                if case .error(let message, _, _) = answer { message } else { nil }
            }
            throw .rateLimited(message: message ?? "too many calls", retryAfter: Self.retryAfter(response.value(forHTTPHeaderField: "Retry-After")))
        }
        // Convex answers a function's own failure with 560, and both 200 and 560 carry `status`.
        guard response.statusCode == 200 || response.statusCode == 560 || response.statusCode == 400 else {
            throw .httpStatus(response.statusCode, String(decoding: data.prefix(500), as: UTF8.self))
        }
        let decoded: FunctionResponse<Function.Value>
        do {
            decoded = try WaterlineCoding.decoder().decode(FunctionResponse<Function.Value>.self, from: data)
        } catch {
            if response.statusCode == 400 { throw .httpStatus(400, String(decoding: data.prefix(500), as: UTF8.self)) }
            throw .badResponse("\(Function.name): \(error)")
        }
        switch decoded {
        case .success(let value): return value
        case .error(let message, let code, let retryAfter) where code == ErrorCode.rateLimited.rawValue:
            throw .rateLimited(message: message, retryAfter: retryAfter.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil })
        case .error(let message, let code, _): throw .function(message: message, code: code)
        }
    }

    /// The seconds a `Retry-After` header asks for (a number of seconds; the HTTP-date form is
    /// not sent by either backend and reads as none).
    static func retryAfter(_ header: String?) -> Double? {
        guard let header, let seconds = Double(header.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }

    /// The transport's exchange, or `.offline` once the deadline passes (the exchange is cancelled).
    private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let answer = try await transport.send(request, within: deadline, sleep: sleep) else {
            throw ConvexError.offline("no complete answer within \(deadline)")
        }
        return answer
    }

    /// Calls a function taking no arguments.
    public func call<Function: ConvexFunction>(_ function: Function.Type) async throws(ConvexError) -> Function.Value where Function.Args == NoArgs {
        try await call(function, NoArgs())
    }

    private func makeRequest<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) throws(ConvexError) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("api").appendingPathComponent(Function.kind.rawValue))
        request.httpMethod = "POST"
        request.timeoutInterval = timeout
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try WaterlineCoding.encoder(pretty: false).encode(FunctionCall(path: Function.name, args: args))
        } catch {
            throw .badResponse("could not encode arguments of \(Function.name): \(error)")
        }
        return request
    }
}
