import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's handlers must match `contract/functions.json` exactly.
@Suite("Server against the contract")
struct ContractConformanceTests {
    struct Contract: Decodable {
        struct Function: Decodable {
            var name: String
            var kind: FunctionKind
            var authenticated: Bool
            var args: [String: String]
        }
        var functions: [Function]
    }

    static func contract() throws -> Contract {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contract/functions.json")
        return try JSONDecoder().decode(Contract.self, from: Data(contentsOf: url))
    }

    @Test("every contract function is served, with its kind, its auth and its argument names, and nothing else")
    func conformance() async throws {
        let contract = try Self.contract()
        let server = try await TestServer.start()
        let registry = FunctionRegistry(context: server.context)
        #expect(Set(registry.handlers.keys) == Set(contract.functions.map(\.name)))
        for function in contract.functions {
            let handler = try #require(registry[function.name], "\(function.name) is not served")
            #expect(handler.kind == function.kind, "\(function.name)")
            #expect(handler.authenticated == function.authenticated, "\(function.name)")
            #expect(handler.argumentNames == Set(function.args.keys), "\(function.name)")
        }
        await server.stop()
    }

    @Test("every function that needs a session refuses a call without one, and one with a signed-out token", arguments: StorageKind.available)
    func refusedWithoutSession(storage: StorageKind) async throws {
        // Two refused calls per function, more than the default anonymous burst.
        let server = try await TestServer.start(storage, adjust: { $0.anonymousBurst = 1000 })
        let signedOut = try await server.signIn()
        _ = try await server.client(token: signedOut.token).call(Auth.SignOut.self)
        for function in try Self.contract().functions where function.authenticated {
            for token in [nil, signedOut.token] {
                var request = URLRequest(url: server.baseURL.appendingPathComponent("api/\(function.kind.rawValue)"))
                request.httpMethod = "POST"
                request.httpBody = Data(#"{"path":"\#(function.name)","args":{},"format":"json"}"#.utf8)
                if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
                let (data, response) = try await URLSession.shared.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 560, "\(function.name)")
                #expect(String(decoding: data, as: UTF8.self).contains(#""code":"UNAUTHENTICATED""#), "\(function.name): \(String(decoding: data, as: UTF8.self))")
            }
        }
        await server.stop()
    }
}
