import Foundation
import Hummingbird
import NIOCore
import TestBackends
import Testing
import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A slow, large or wandering "Apple" holds no sign-in: every exchange with Apple has a deadline
/// from request to last byte, a bounded answer, and stays on the host asked.
@Suite("Calls to Apple, bounded")
struct AppleExchangeTests {
    static let jwks = #"{"keys":[]}"#

    @Test("a key set trickled a byte at a time is given up at the deadline, however steadily it comes")
    func trickleMeetsTheDeadline() async throws {
        let apple = try await HostileBackend.start { router in
            router.get("auth/keys") { _, _ in
                Response(status: .ok, body: ResponseBody { writer in
                    for byte in Self.jwks.utf8 {
                        try await writer.write(ByteBuffer(bytes: [byte]))
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    try await writer.finish(nil)
                })
            }
        }
        let started = ContinuousClock.now
        let source = URLJWKSSource(url: apple.baseURL.appendingPathComponent("auth/keys"), exchange: AppleExchange(deadline: 1))
        await #expect(throws: (any Error).self) { try await source.fetchJWKS() }
        #expect(ContinuousClock.now - started < .seconds(5), "given up at the deadline, not after the last byte")
        await apple.stop()
    }

    @Test("a key set far larger than any Apple sends is refused as it streams")
    func oversizedAnswer() async throws {
        let apple = try await HostileBackend.start { router in
            router.get("auth/keys") { _, _ in
                Response(status: .ok, body: ResponseBody { writer in
                    for _ in 0..<64 { try await writer.write(ByteBuffer(repeating: UInt8(ascii: " "), count: 64 * 1024)) }
                    try await writer.finish(nil)
                })
            }
        }
        let source = URLJWKSSource(url: apple.baseURL.appendingPathComponent("auth/keys"))
        await #expect(throws: (any Error).self) { try await source.fetchJWKS() }
        await apple.stop()
    }

    @Test("a key server that redirects to another host is not followed; one that stays on its host is")
    func redirects() async throws {
        let elsewhere = try await HostileBackend.start { router in
            router.get("keys") { _, _ in Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: Self.jwks))) }
        }
        let apple = try await HostileBackend.start { router in
            router.get("auth/keys") { _, _ in
                Response(status: .found, headers: [.location: elsewhere.baseURL.appendingPathComponent("keys").absoluteString])
            }
            router.get("auth/moved") { _, _ in Response(status: .found, headers: [.location: "/auth/here"]) }
            router.get("auth/here") { _, _ in Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: Self.jwks))) }
        }
        await #expect(throws: (any Error).self) { try await URLJWKSSource(url: apple.baseURL.appendingPathComponent("auth/keys")).fetchJWKS() }
        let same = try await URLJWKSSource(url: apple.baseURL.appendingPathComponent("auth/moved")).fetchJWKS()
        #expect(String(decoding: same, as: UTF8.self) == Self.jwks)
        await apple.stop()
        await elsewhere.stop()
    }
}
