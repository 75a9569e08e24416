import Foundation
import HTTPTypes
import NIOCore
import Testing
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Behind a reverse proxy: the client a trusted proxy names is the one counted; anyone else's
/// forwarding headers are ignored.
@Suite("Trusted proxies")
struct TrustedProxyTests {
    /// An anonymous call (a forged token) as if from behind a proxy; its HTTP status.
    func call(_ server: TestServer, headers: [String: String]) async throws -> Int {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/query"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"path":"users:me","args":{},"format":"json"}"#.utf8)
        request.setValue("Bearer not.a.token", forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    func server(trusting proxies: [String], header: ForwardingHeader = .xForwardedFor) async throws -> TestServer {
        try await TestServer.start(adjust: { configuration in
            configuration.trustedProxies = try! TrustedProxies(proxies, header: header)
            (configuration.anonymousBurst, configuration.anonymousPerSecond) = (2, 0.001)
        })
    }

    @Test("from a trusted proxy, each forwarded client has its own anonymous limit")
    func trusted() async throws {
        let server = try await server(trusting: ["127.0.0.1"])
        let first = ["X-Forwarded-For": "203.0.113.1"]
        #expect(try await call(server, headers: first) == 560)
        #expect(try await call(server, headers: first) == 560)
        #expect(try await call(server, headers: first) == 429, "that client's bucket is spent")
        #expect(try await call(server, headers: ["X-Forwarded-For": "203.0.113.2"]) == 560, "another client behind the same proxy is not")
        // What a client writes to the left of the address the proxy appended is never read.
        #expect(try await call(server, headers: ["X-Forwarded-For": "198.51.100.99, 203.0.113.1"]) == 429)
        await server.stop()
    }

    /// nginx and Caddy pass a `Forwarded` the client wrote through unchanged, beside the
    /// `X-Forwarded-For` they append to: a new `Forwarded` on every call must not make a new client.
    @Test("a client's own Forwarded header never lifts its limit when the proxy writes X-Forwarded-For")
    func forgedForwarded() async throws {
        let server = try await server(trusting: ["127.0.0.1"])
        var statuses: [Int] = []
        for index in 1...4 {
            statuses.append(try await call(server, headers: ["X-Forwarded-For": "203.0.113.1", "Forwarded": "for=198.51.100.\(index)"]))
        }
        #expect(statuses == [560, 560, 429, 429], "one client: the address the proxy appended")
        await server.stop()
    }

    @Test("with --forwarded-header forwarded, Forwarded names the client and X-Forwarded-For is never read")
    func forwardedConfigured() async throws {
        let server = try await server(trusting: ["127.0.0.1"], header: .forwarded)
        #expect(try await call(server, headers: ["Forwarded": "for=198.51.100.7;proto=https", "X-Forwarded-For": "203.0.113.1"]) == 560)
        #expect(try await call(server, headers: ["Forwarded": "for=198.51.100.7", "X-Forwarded-For": "203.0.113.2"]) == 560)
        #expect(try await call(server, headers: ["Forwarded": "for=198.51.100.7", "X-Forwarded-For": "203.0.113.3"]) == 429, "198.51.100.7's bucket")
        #expect(try await call(server, headers: ["Forwarded": "for=198.51.100.8"]) == 560)
        await server.stop()
    }

    @Test("from an untrusted peer, forwarding headers are ignored: every call is that peer's")
    func untrusted() async throws {
        let server = try await server(trusting: ["192.0.2.10"])
        #expect(try await call(server, headers: ["X-Forwarded-For": "203.0.113.1"]) == 560)
        #expect(try await call(server, headers: ["X-Forwarded-For": "203.0.113.2"]) == 560)
        #expect(try await call(server, headers: ["X-Forwarded-For": "203.0.113.3"]) == 429, "one bucket: 127.0.0.1's")
        await server.stop()
    }

    @Test("headers read right to left, proxies skipped, ports and brackets dropped, garbage stops at the proxy")
    func parsing() throws {
        let proxies = try TrustedProxies(["10.0.0.1", "10.0.0.2", "2001:db8::1"])
        let rfcProxies = try TrustedProxies(["10.0.0.1", "10.0.0.2", "2001:db8::1"], header: .forwarded)
        let peer = try SocketAddress(ipAddress: "10.0.0.1", port: 443)
        func client(_ name: String, _ value: String) -> String {
            var headers = HTTPFields()
            headers[HTTPField.Name(name)!] = value
            return (name == "Forwarded" ? rfcProxies : proxies).client(peer: peer, headers: headers)
        }
        // Two lines of the header (the client's, then the proxy's): the proxy's, the last, counts.
        var twoLines = HTTPFields()
        twoLines.append(HTTPField(name: HTTPField.Name("X-Forwarded-For")!, value: "198.51.100.1"))
        twoLines.append(HTTPField(name: HTTPField.Name("X-Forwarded-For")!, value: "203.0.113.6"))
        #expect(proxies.client(peer: peer, headers: twoLines) == "203.0.113.6")
        var bothHeaders = HTTPFields()
        bothHeaders[HTTPField.Name("Forwarded")!] = "for=198.51.100.2"
        #expect(proxies.client(peer: peer, headers: bothHeaders) == "10.0.0.1", "a Forwarded the proxy does not write is not read")
        #expect(client("X-Forwarded-For", "203.0.113.5, 10.0.0.2") == "203.0.113.5")
        #expect(client("X-Forwarded-For", "203.0.113.5:51000") == "203.0.113.5")
        #expect(client("X-Forwarded-For", "2001:db8:aaaa:1::5") == "2001:db8:aaaa:1::/64")
        #expect(client("Forwarded", #"for="[2001:db8:aaaa:2::9]:4711", for=10.0.0.2"#) == "2001:db8:aaaa:2::/64")
        #expect(client("X-Forwarded-For", "unknown") == "10.0.0.1", "an unreadable hop leaves the proxy as the client")
        #expect(proxies.client(peer: peer, headers: HTTPFields()) == "10.0.0.1")
        #expect(proxies.client(peer: try SocketAddress(ipAddress: "203.0.113.9", port: 1), headers: [HTTPField.Name("X-Forwarded-For")!: "198.51.100.1"]) == "203.0.113.9")
        #expect(throws: FunctionError.self) { try TrustedProxies(["not-an-address"]) }
    }

    @Test("a dual-stack listener's IPv4 proxy (its peer ::ffff:127.0.0.1) is the trusted 127.0.0.1, and its clients are told apart")
    func dualStack() throws {
        let proxies = try TrustedProxies(["127.0.0.1"])
        let mapped = try SocketAddress(ipAddress: "::ffff:127.0.0.1", port: 443)
        #expect(proxies.isTrusted(mapped))
        var headers = HTTPFields()
        headers[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.7"
        #expect(proxies.client(peer: mapped, headers: headers) == "203.0.113.7", "the forwarded client, not one bucket for all")
        // Trusted written as IPv6-mapped, the peer plain IPv4, and a forwarded hop in either form.
        let written = try TrustedProxies(["::ffff:10.0.0.1"])
        #expect(written.isTrusted(try SocketAddress(ipAddress: "10.0.0.1", port: 1)))
        headers[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.8, ::ffff:10.0.0.1"
        #expect(written.client(peer: try SocketAddress(ipAddress: "10.0.0.1", port: 1), headers: headers) == "203.0.113.8")
        #expect(!proxies.isTrusted(try SocketAddress(ipAddress: "::ffff:127.0.0.2", port: 1)))
    }

    @Test("a trusted proxy is not held to the per-client connection cap")
    func proxyConnections() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.trustedProxies = try! TrustedProxies(["127.0.0.1"])
            configuration.maximumConnectionsPerClient = 2
        })
        let held = try (0..<4).map { _ in try ConnectionAbuseTests.RawConnection(port: server.baseURL.port!) }
        for connection in held { #expect(await connection.healthAnswer(within: 10) == "200") }
        await server.stop()
    }
}
