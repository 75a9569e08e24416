import Foundation
import Hummingbird
import NIOCore
import TestBackends
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineHTTPClient

/// The command line goes through the proxy the environment names, as curl (Linux's URLSession)
/// did before it used AsyncHTTPClient.
@Suite("The command line's proxy, from the environment")
struct EnvironmentProxyTests {
    static let https = URL(string: "https://sync.example.com/")!
    static let http = URL(string: "http://10.0.0.5:8080/")!

    @Test("which variable names the proxy, for which server, and what no_proxy leaves out", arguments: [
        (["https_proxy": "http://proxy.lan:3128"], https, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["HTTPS_PROXY": "proxy.lan:3128"], https, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["http_proxy": "http://proxy.lan:3128"], https, nil),
        (["http_proxy": "http://proxy.lan:3128"], http, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["HTTP_PROXY": "http://proxy.lan:3128"], http, nil),
        (["all_proxy": "proxy.lan"], http, EnvironmentProxy(host: "proxy.lan", port: 1080)),
        (["https_proxy": "http://ann:s%40cret@proxy.lan:8080"], https, EnvironmentProxy(host: "proxy.lan", port: 8080, user: "ann", password: "s@cret")),
        (["https_proxy": "http://proxy.lan:3128", "no_proxy": "localhost, .example.com"], https, nil),
        (["https_proxy": "http://proxy.lan:3128", "NO_PROXY": "example.com:443"], https, nil),
        (["https_proxy": "http://proxy.lan:3128", "no_proxy": "ample.com,other.org"], https, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["http_proxy": "http://proxy.lan:3128", "no_proxy": "*"], http, nil),
        (["http_proxy": "http://proxy.lan:3128", "no_proxy": "10.0.0.5"], http, nil),
        // An address is covered by itself only: "0.5" is no label-wise domain of 10.0.0.5.
        (["http_proxy": "http://proxy.lan:3128", "no_proxy": "0.0.5"], http, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["http_proxy": "http://proxy.lan:3128", "no_proxy": ".0.5"], http, EnvironmentProxy(host: "proxy.lan", port: 3128)),
        (["https_proxy": "   "], https, nil),
        ([:], https, nil),
    ] as [([String: String], URL, EnvironmentProxy?)])
    func parsing(_ environment: [String: String], _ server: URL, _ expected: EnvironmentProxy?) throws {
        #expect(try EnvironmentProxy.forServer(server, environment: environment) == expected)
    }

    @Test("a proxy that is not an HTTP one (socks5://, socks4://) is refused clearly, never sent HTTP", arguments: ["socks5://127.0.0.1:1080", "socks4a://proxy.lan", "SOCKS5h://proxy.lan:9050"])
    func notHTTP(_ address: String) {
        #expect { try EnvironmentProxy.forServer(Self.https, environment: ["all_proxy": address]) } throws: { error in
            (error as? EnvironmentProxy.Unsupported)?.description.contains("HTTP proxies only") == true
        }
    }

    @Test("a call goes through the proxy named (one that is not there fails the call), and straight to a server no_proxy names")
    func throughTheProxy() async throws {
        let backend = try await HostileBackend.start { router in
            router.post("api/query") { _, _ in
                Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"error","errorMessage":"reached"}"#)))
            }
        }
        // A port nothing listens on: bound, read, and closed again.
        let closed = try await HostileBackend.start { _ in }
        let deadPort = try #require(closed.baseURL.port)
        await closed.stop()

        let environment = ["http_proxy": "http://127.0.0.1:\(deadPort)"]
        let proxied = ConvexClient(
            baseURL: backend.baseURL, timeout: 5,
            transport: AsyncHTTPClientTransport(timeout: 5, proxy: try EnvironmentProxy.forServer(backend.baseURL, environment: environment))
        )
        await #expect { try await proxied.call(Users.Me.self) } throws: { error in
            guard case ConvexError.offline = error else { return false }
            return true
        }

        let bypass = environment.merging(["no_proxy": "127.0.0.1"]) { $1 }
        let direct = ConvexClient(
            baseURL: backend.baseURL, timeout: 5,
            transport: AsyncHTTPClientTransport(timeout: 5, proxy: try EnvironmentProxy.forServer(backend.baseURL, environment: bypass))
        )
        await #expect { try await direct.call(Users.Me.self) } throws: { error in
            guard case ConvexError.function(let message, _) = error else { return false }
            return message == "reached"
        }
        await backend.stop()
    }
}
