import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

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

    @Test("every contract function is served, with its kind, its auth and its argument names, and nothing else")
    func conformance() async throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contract/functions.json")
        let contract = try JSONDecoder().decode(Contract.self, from: Data(contentsOf: url))
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
}
