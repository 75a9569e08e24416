import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Convex HTTP client")
struct ConvexClientTests {
    let url = URL(string: "https://example.convex.cloud")!

    @Test("sends the Convex body to the endpoint of the function's kind, with the bearer token")
    func request() async throws {
        let transport = ScriptedTransport([.json(200, #"{"status":"success","value":[],"logLines":[]}"#)])
        let client = ConvexClient(baseURL: url, transport: transport, token: { "session-token" })
        let sessions = try await client.call(Sessions.List.self, .init(updatedSince: Fixed.start))
        #expect(sessions.isEmpty)
        let sent = try #require(transport.sent.first)
        #expect(sent.path == "sessions:list")
        #expect(sent.args["updatedSince"] as? Double == 1_795_291_200_000)
        #expect(sent.authorization == "Bearer session-token")
    }

    @Test("reads the status on 200 and on 560")
    func statuses() async throws {
        let transport = ScriptedTransport([
            .json(200, #"{"status":"error","errorMessage":"no such session","errorData":{"code":"NOT_FOUND"}}"#),
            .json(560, #"{"status":"error","errorMessage":"Server Error"}"#),
            .json(560, #"{"status":"success","value":null}"#),
        ])
        let client = ConvexClient(baseURL: url, transport: transport)
        await #expect(throws: ConvexError.function(message: "no such session", code: "NOT_FOUND")) { try await client.call(Sessions.GetActive.self) }
        await #expect(throws: ConvexError.function(message: "Server Error", code: nil)) { try await client.call(Sessions.GetActive.self) }
        #expect(try await client.call(Sessions.GetActive.self) == nil)
    }

    @Test("offline, HTTP failures and garbage are told apart, and only some are worth retrying")
    func failures() async {
        let transport = ScriptedTransport([.offline, .json(503, "busy"), .json(401, "no"), .json(200, "<html>")])
        let client = ConvexClient(baseURL: url, transport: transport)
        var errors: [ConvexError] = []
        for _ in 0..<4 {
            do { _ = try await client.call(Presets.List.self) } catch { errors.append(error) }
        }
        #expect(errors.count == 4)
        guard errors.count == 4 else { return }
        if case .offline = errors[0] {} else { Issue.record("expected offline, got \(errors[0])") }
        #expect(errors[1] == .httpStatus(503, "busy"))
        #expect(errors[2].code == .unauthenticated)
        if case .badResponse = errors[3] {} else { Issue.record("expected bad response, got \(errors[3])") }
        #expect(errors.map(\.isRetryable) == [true, true, false, false])
    }
}
