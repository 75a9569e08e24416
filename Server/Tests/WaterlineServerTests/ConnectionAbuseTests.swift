import Foundation
import Testing
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Sockets held open on purpose: they are closed, and the server keeps answering everyone else.
@Suite("Held-open connections")
struct ConnectionAbuseTests {
    /// A TCP connection to the server that sends `bytes` (or nothing) and then just sits there.
    final class RawConnection {
        let descriptor: Int32

        init(port: Int, sending bytes: String? = nil) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            if let bytes { _ = bytes.withCString { send(descriptor, $0, strlen($0), 0) } }
        }

        /// Waits (up to `seconds`) for the server to close the connection; true when it did.
        func closedByServer(within seconds: Int32) -> Bool {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, seconds * 1000) == 1 else { return false }
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, 0) == 0
        }

        deinit { close(descriptor) }
    }

    func health(_ server: TestServer) async throws -> Int {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("health"))
        request.timeoutInterval = 10
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test("more idle sockets than the server takes: they are closed when idle, and /health still answers")
    func idleSockets() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.maximumConnections = 8
            configuration.idleTimeout = 0.5
        })
        let idle = try (0..<24).map { _ in try RawConnection(port: server.baseURL.port!) }
        #expect(try await health(server) == 200)
        #expect(idle[0].closedByServer(within: 5), "an idle connection is closed")
        await server.stop()
    }

    @Test("a request that never finishes is dropped after the read timeout")
    func slowRequest() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.requestReadTimeout = 0.5
            configuration.idleTimeout = 60
        })
        let slow = try RawConnection(
            port: server.baseURL.port!, sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"path\":"
        )
        #expect(slow.closedByServer(within: 5))
        #expect(try await health(server) == 200)
        await server.stop()
    }

    @Test("the file limit is raised at start-up and the cap stays below it")
    func fileLimit() {
        let limit = ConnectionLimits.raiseFileLimit()
        #expect(limit >= 1024)
        #expect(ConnectionLimits.maximumConnections(fileLimit: limit) < limit)
        #expect(ConnectionLimits.maximumConnections(fileLimit: 20) == 16)
    }
}
