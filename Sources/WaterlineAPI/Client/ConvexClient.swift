import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import WaterlineCore
#endif

/// Calls backend functions over the Convex HTTP API: a Convex deployment or the Waterline server.
public struct ConvexClient: Sendable {
    public let baseURL: URL
    public var timeout: TimeInterval
    private let transport: any HTTPTransport
    private let token: @Sendable () async -> String?

    /// - Parameter token: the session token to send as `Authorization: Bearer`, read on every call.
    public init(
        baseURL: URL,
        timeout: TimeInterval = 15,
        transport: any HTTPTransport = URLSessionTransport(),
        token: @escaping @Sendable () async -> String? = { nil }
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.transport = transport
        self.token = token
    }

    /// Calls `Function` with `args` and returns its value.
    public func call<Function: ConvexFunction>(_ function: Function.Type, _ args: Function.Args) async throws(ConvexError) -> Function.Value {
        var request = try makeRequest(Function.self, args)
        if let token = await token() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let data: Data, response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(request)
        } catch let error as ConvexError {
            throw error
        } catch {
            throw .offline(String(describing: error))
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
        case .error(let message, let code): throw .function(message: message, code: code)
        }
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
