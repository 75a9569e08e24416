import Foundation
import Testing
import NIOCore
import WaterlineAPI
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
    /// Its waits block a thread of their own, never one of Swift's few shared ones: the server
    /// under test answers on those, and a test blocking them all would starve it.
    final class RawConnection: @unchecked Sendable {
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
            if let bytes { _ = bytes.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        }

        /// Waits (up to `seconds`) for the server to close the connection; true when it did.
        func closedByServer(within seconds: Int32) async -> Bool {
            await onOwnThread { self.blockingClosedByServer(within: seconds) }
        }

        private func blockingClosedByServer(within seconds: Int32) -> Bool {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, seconds * 1000) == 1 else { return false }
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, 0) == 0
        }

        /// Sends `GET /health` on this connection (kept alive) and waits up to `seconds` for the
        /// whole answer; true when it was a 200. Nothing of the answer is left unread.
        func answersHealth(within seconds: Int32) async -> Bool {
            await healthAnswer(within: seconds) == "200"
        }

        /// What became of a `GET /health` sent on this connection: "200", another status line,
        /// "closed", "timed out" or "not sent" (said in a failed expectation).
        func healthAnswer(within seconds: Int32) async -> String {
            await onOwnThread { self.blockingHealthAnswer(within: seconds) }
        }

        private func blockingHealthAnswer(within seconds: Int32) -> String {
            let request = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
            guard request.withCString({ send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }) > 0 else { return "not sent (errno \(errno))" }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&poller, 1, seconds * 1000) == 1 {
                let count = recv(descriptor, &chunk, chunk.count, 0)
                guard count > 0 else { return received.isEmpty ? "closed" : "closed part way: \(String(decoding: received, as: UTF8.self).prefix(40))" }
                received += chunk[0..<count]
                let text = String(decoding: received, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n") else { continue }
                let length = text[..<end.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length {
                    return text.hasPrefix("HTTP/1.1 200") ? "200" : String(text.prefix(40))
                }
            }
            return "timed out"
        }

        /// Sends all of `bytes`, blocking a thread of its own until the kernel took them or the
        /// server ended the connection; answers how many were taken.
        func sendAll(_ bytes: [UInt8]) async -> Int {
            await onOwnThread {
                var sent = 0
                while sent < bytes.count {
                    let count = bytes[sent...].withUnsafeBytes { send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard count > 0 else { break }
                    sent += count
                }
                return sent
            }
        }

        /// Everything the server sends within `seconds`, and whether it then closed the connection.
        func received(within seconds: Int32) async -> (text: String, closed: Bool) {
            await onOwnThread {
                var received: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                var poller = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&poller, 1, seconds * 1000) == 1 {
                    let count = recv(self.descriptor, &chunk, chunk.count, 0)
                    guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
                    received += chunk[0..<count]
                }
                return (String(decoding: received, as: UTF8.self), false)
            }
        }

        deinit { close(descriptor) }

        /// Runs a blocking wait on a thread made for it.
        private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: body()) }.start()
            }
        }
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
        #expect(await idle[0].closedByServer(within: 5), "an idle connection is closed")
        await server.stop()
    }

    @Test("an answer that takes longer than the idle timeout still reaches the caller: the idle timer starts when the answer ends")
    func longAnswer() async throws {
        let apple = FakeApple()
        let server = try await TestServer.start(apple: apple, adjust: { configuration in
            configuration.idleTimeout = 0.3
        })
        // A sign-in waits on Apple's keys, which take a second to come.
        await apple.setSlowness(.seconds(1))
        let session = try await server.signIn()
        #expect(!session.token.isEmpty)
        await server.stop()
    }

    @Test("a body refused unread (413 announced too large, 429 over the limit) ends its connection after the answer; the rest is not read")
    func refusedBodiesCloseTheConnection() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.requestReadTimeout = 60
            configuration.idleTimeout = 60
            (configuration.userBurst, configuration.userPerSecond) = (1, 0.001)
        })
        let port = server.baseURL.port!
        let start = String(repeating: " ", count: 1_024)
        // Anonymous, announcing 5 MB: refused at once, and closed with only a kilobyte sent.
        let announced = try RawConnection(port: port, sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n\(start)")
        let tooLarge = await announced.received(within: 10)
        #expect(tooLarge.text.hasPrefix("HTTP/1.1 413"), "\(tooLarge.text.prefix(40))")
        #expect(tooLarge.text.lowercased().contains("connection: close"))
        #expect(tooLarge.closed, "closed, not left reading 5 MB")

        // Signed in, past the call limit, with a 1 MB body on its way: 429, then closed.
        let token = try await server.signIn().token
        _ = try? await server.client(token: token).call(Users.Me.self)
        let limited = try RawConnection(
            port: port,
            sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: 1000000\r\n\r\n\(start)"
        )
        let refused = await limited.received(within: 10)
        #expect(refused.text.hasPrefix("HTTP/1.1 429"), "\(refused.text.prefix(40))")
        #expect(refused.closed)

        // A small request refused after it was read whole keeps its connection.
        let small = try RawConnection(port: port, sending: "POST /api/query HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: 2\r\n\r\n{}")
        let keptOpen = await small.received(within: 1)
        #expect(keptOpen.text.hasPrefix("HTTP/1.1 429") && !keptOpen.closed, "\(keptOpen.text.prefix(40)) closed: \(keptOpen.closed)")
        #expect(try await health(server) == 200)
        await server.stop()
    }

    @Test("a client that sends its whole too-large body before it reads still reads the 413: the server half-closes and reads the rest away (RFC 9112 §9.6), never resetting the answer away", arguments: 1...5)
    func refusalOutlivesTheBody(round: Int) async throws {
        let server = try await TestServer.start()
        let port = server.baseURL.port!
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 4_000_000)
        let connection = try RawConnection(port: port, sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        let sent = await connection.sendAll(body)
        #expect(sent == body.count, "round \(round): the body was taken whole (\(sent) bytes), not cut off by a reset, as curl is")
        let answer = await connection.received(within: 10)
        #expect(answer.text.hasPrefix("HTTP/1.1 413"), "round \(round): \(answer.text.prefix(40))")
        #expect(answer.text.contains("PAYLOAD_TOO_LARGE"))
        #expect(answer.closed)
        #expect(try await health(server) == 200)
        await server.stop()
    }

    @Test("what the server reads away after a refusal is bounded: a client that keeps sending is cut off")
    func lingerIsBounded() async throws {
        let server = try await TestServer.start()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 5 * ConnectionAdmission.lingerBytes)
        let connection = try RawConnection(port: server.baseURL.port!, sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        let sent = await connection.sendAll(body)
        #expect(sent < body.count, "cut off after \(sent) of \(body.count) bytes")
        #expect(try await health(server) == 200)
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
        #expect(await slow.closedByServer(within: 5))
        #expect(try await health(server) == 200)
        await server.stop()
    }

    @Test("a head sent part way and left there is dropped at the head deadline, not kept for the idle timeout")
    func partialHead() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.requestReadTimeout = 0.5
            configuration.idleTimeout = 60
        })
        let partial = try RawConnection(port: server.baseURL.port!, sending: "POST /api/mutation HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        #expect(await partial.closedByServer(within: 5))
        let silent = try RawConnection(port: server.baseURL.port!)
        #expect(await silent.closedByServer(within: 5), "a connection that sends nothing gets the same deadline")
        #expect(try await health(server) == 200)
        await server.stop()
    }

    @Test("one client past its connection cap: its next connection is closed at once; a freed place is taken again")
    func perClientCap() async throws {
        let server = try await TestServer.start(adjust: { configuration in
            configuration.maximumConnectionsPerClient = 4
            configuration.requestReadTimeout = 60
            configuration.idleTimeout = 60
        })
        let port = server.baseURL.port!
        var held = try (0..<4).map { _ in try RawConnection(port: port) }
        // Each of the four is answered first, so the server has surely counted them (connections
        // are set up on several event loops, in no fixed order) before the fifth arrives.
        for connection in held { #expect(await connection.healthAnswer(within: 5) == "200") }
        let extra = try RawConnection(port: port)
        #expect(await extra.closedByServer(within: 5), "the fifth is refused")
        #expect(!(await held[0].closedByServer(within: 1)), "the four it holds stay")
        held.removeFirst()
        // The server learns of the close, then the place is free.
        var admitted = false
        for _ in 0..<50 where !admitted {
            admitted = await (try RawConnection(port: port)).answersHealth(within: 2)
        }
        #expect(admitted)
        _ = held
        await server.stop()
    }

    @Test("clients are counted by IPv4 address, or by IPv6 /64 (an IPv4 address written as IPv6 is IPv4)")
    func clientKeys() throws {
        #expect(ClientAddress.key(try SocketAddress(ipAddress: "203.0.113.7", port: 1)) == "203.0.113.7")
        let one = ClientAddress.key(try SocketAddress(ipAddress: "2001:db8:1:2:aaaa::1", port: 1))
        let other = ClientAddress.key(try SocketAddress(ipAddress: "2001:db8:1:2:ffff:ffff:ffff:ffff", port: 2))
        #expect(one == other && one == "2001:db8:1:2::/64")
        #expect(ClientAddress.key(try SocketAddress(ipAddress: "2001:db8:1:3::1", port: 1)) != one)
        #expect(ClientAddress.key(try SocketAddress(ipAddress: "::ffff:203.0.113.7", port: 1)) == "203.0.113.7")
        #expect(ClientAddress.key(nil) == "unknown")
    }

    @Test("the file limit is raised at start-up and the cap stays below it")
    func fileLimit() {
        let limit = ConnectionLimits.raiseFileLimit()
        #expect(limit >= 1024)
        #expect(ConnectionLimits.maximumConnections(fileLimit: limit) < limit)
        #expect(ConnectionLimits.maximumConnections(fileLimit: 20) == 16)
    }
}
