import Foundation
import Logging
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

/// What an operator sees: one access-log line per request (never a token or a body) and metrics.
@Suite("Access log and metrics")
struct ObservabilityTests {
    @Test("sign-ins, calls and failures are logged and counted; tokens and bodies are not logged")
    func accessLogAndMetrics() async throws {
        let handler = RecordingLogHandler()
        let server = try await TestServer.start(logger: Logger(label: "test") { _ in handler })
        let session = try await server.signIn()
        let api = server.client(token: session.token)
        _ = try await api.call(Users.Me.self)
        let forged = try await FakeApple.identityToken(sub: "someone", nonce: "another nonce")
        _ = await server.client().failureCode(Auth.SignInWithApple.self, .init(identityToken: forged, nonce: "raw-nonce"))

        let lines = handler.lines.filter { $0.message == "request" }
        let me = try #require(lines.first { $0.metadata["function"] == "users:me" })
        #expect(me.metadata["status"] == "200" && me.metadata["method"] == "POST" && me.metadata["path"] == "/api/query")
        #expect(me.metadata["user"] == session.user.id.uuidString.lowercased())
        #expect(me.metadata["duration_ms"].flatMap(Double.init) != nil)
        let refused = try #require(lines.last { $0.metadata["function"] == "auth:signInWithApple" })
        #expect(refused.metadata["status"] == "560" && refused.level == .notice, "a failed sign-in is logged")
        let everything = handler.lines.flatMap { [$0.message] + $0.metadata.values }.joined(separator: "\n")
        #expect(!everything.contains(session.token), "no session token in the log")
        #expect(!everything.contains(forged), "no identity token in the log")
        #expect(!everything.contains("raw-nonce"), "no body in the log")

        let (data, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("metrics"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let metrics = String(decoding: data, as: UTF8.self)
        #expect(metrics.contains(#"waterline_requests_total{route="api",function="users:me",status="200"} 1"#), "\(metrics)")
        #expect(metrics.contains("waterline_signin_failures_total 1"))
        #expect(metrics.contains("waterline_request_duration_seconds_bucket"))
        await server.stop()
    }

    @Test("a function name chosen to forge log lines or repaint a terminal is logged escaped and short, and echoed short")
    func logForging() async throws {
        let handler = RecordingLogHandler()
        let server = try await TestServer.start(logger: Logger(label: "test") { _ in handler })
        let forged = "users:me\nrequest status=200 user=admin\u{1b}[2J\u{85}" + String(repeating: "x", count: 5_000)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/query"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["path": forged, "args": [String: String](), "format": "json"])
        let (data, _) = try await URLSession.shared.data(for: request)
        let answer = String(decoding: data, as: UTF8.self)
        #expect(answer.contains("UNKNOWN_FUNCTION") && answer.count < 400, "the refusal echoes the name cut short: \(answer.prefix(200))")
        let line = try #require(handler.lines.last { $0.message == "request" })
        let function = try #require(line.metadata["function"])
        #expect(!function.contains("\n") && !function.contains("\u{1b}") && !function.contains("\u{85}"))
        #expect(function.hasPrefix("users:me\\nrequest status=200") && function.contains("\\u{1b}"))
        #expect(function.count < 200)
        await server.stop()
    }

    @Test("log text: controls escaped, backslashes doubled, long text cut")
    func logText() {
        #expect(LogText.escaped("a\nb\r\tc\\d") == "a\\nb\\r\\tc\\\\d")
        #expect(LogText.escaped("\u{1b}[31mred\u{7f}") == "\\u{1b}[31mred\\u{7f}")
        #expect(LogText.escaped("café ☕︎") == "café ☕︎")
        #expect(LogText.escaped(String(repeating: "y", count: 10), limit: 4) == "yyyy…")
    }

    @Test("metrics count every call under its own labels, each label set once in the exposition")
    func metricsCountUnderTheirLabels() {
        let metrics = ServerMetrics(functions: ["users:me", "logEntries:upsert"])
        for _ in 0..<3 { metrics.record(route: "api", function: "users:me", status: 200, duration: .milliseconds(3)) }
        metrics.record(route: "api", function: "users:me", status: 560, duration: .milliseconds(1))
        metrics.record(route: "api", function: "no:such", status: 560, duration: .milliseconds(1))
        metrics.record(route: "health", function: nil, status: 200, duration: .microseconds(10))
        let text = metrics.exposition()
        #expect(text.contains(#"waterline_requests_total{route="api",function="users:me",status="200"} 3"#), "\(text)")
        #expect(text.contains(#"waterline_requests_total{route="api",function="users:me",status="560"} 1"#))
        #expect(text.contains(#"waterline_requests_total{route="api",function="other",status="560"} 1"#))
        #expect(text.contains(#"waterline_requests_total{route="health",function="",status="200"} 1"#))
        #expect(text.contains(#"waterline_request_duration_seconds_count{route="api"} 5"#))
        #expect(text.contains(#"waterline_request_duration_seconds_count{route="health"} 1"#))
        #expect(text.components(separatedBy: #"status="200"} 3"#).count == 2, "one line per label set")
    }

    @Test("ids are keyed as their lowercased uuidString")
    func uuidKey() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.key == id.uuidString.lowercased())
        }
        #expect(UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 255)).key == "00010203-0405-0607-0809-0a0b0c0d0eff")
    }
}
