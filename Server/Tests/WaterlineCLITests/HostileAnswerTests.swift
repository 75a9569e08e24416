import Foundation
import TestBackends
import Hummingbird
import NIOCore
import Testing

/// `waterline sync` against a server whose answers would fill the machine: a chunked answer
/// without end and a gzip bomb. Each is refused, and the command's peak memory (the kernel's count
/// for that process alone) stays near what a harmless answer costs: the answer is bounded while it
/// streams and while it is decoded, not read whole first.
@Suite("waterline: what a hostile answer costs")
struct HostileAnswerTests {
    enum Answer: String, CaseIterable, CustomTestStringConvertible {
        /// An error answer of a few bytes: what a command costs anyway.
        case harmless
        /// 2 GB of JSON whitespace, a megabyte at a time, with no Content-Length.
        case endless
        /// 256 MB of zeros gzipped to about 1 MB, sent as `Content-Encoding: gzip`.
        case gzipBomb

        var testDescription: String { rawValue }
    }

    static let megabyte = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)

    static let bomb = (try? Gzipped.bomb()) ?? ByteBuffer()

    static func respond(_ answer: Answer) -> Response {
        switch answer {
        case .harmless:
            Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"error","errorMessage":"no"}"#)))
        case .endless:
            Response(status: .ok, body: ResponseBody { writer in
                for _ in 0..<2048 { try await writer.write(Self.megabyte) }
                try await writer.finish(nil)
            })
        case .gzipBomb:
            Response(status: .ok, headers: [.contentEncoding: "gzip"], body: ResponseBody(byteBuffer: Self.bomb))
        }
    }

    /// `waterline sync` with a session waiting, against a server answering every call with `answer`.
    static func sync(against answer: Answer) async throws -> MeasuredRun {
        let backend = try await HostileBackend.start { router in
            for kind in ["query", "mutation", "action"] {
                router.post("api/\(kind)") { _, _ in Self.respond(answer) }
            }
        }
        let cli = CLI()
        // Not a token the server signed (this one signs nothing): the command line reads only its shape.
        #expect(try await cli.run("login", "--token", "header.payload.signature", "--server", backend.baseURL.absoluteString).status == 0)
        _ = try await cli.run("start")
        _ = try await cli.run("water")
        let run = try await MeasuredRun.run(cli, ["sync"])
        await backend.stop()
        return run
    }

    @Test("a chunked answer without end and a gzip bomb are refused, costing the command little more than a harmless answer",
          arguments: [Answer.endless, .gzipBomb])
    func bounded(_ answer: Answer) async throws {
        let baseline = try await Self.sync(against: .harmless)
        #expect(baseline.status != 0 && !baseline.stderr.contains("larger than"), "\(baseline.stderr)")

        let hostile = try await Self.sync(against: answer)
        #expect(hostile.status != 0)
        #expect(hostile.stderr.contains("larger than 16777216 bytes"), "\(hostile.stderr)")
        // The cap is 16 MB; the answer is 2 GB or decodes to 256 MB. Held whole (or decoded whole,
        // as Linux's URLSession does with gzip), the peak would be hundreds of megabytes higher.
        let extra = hostile.peakBytes - baseline.peakBytes
        #expect(extra < 48 << 20, "peak \(hostile.peakBytes >> 20) MB against \(baseline.peakBytes >> 20) MB for a harmless answer")
    }

    /// The phone's and watch's transport (`URLSessionTransport`) asked once, in a process of its
    /// own (`transport-probe`), by a server answering every call with `answer`.
    static func probe(against answer: Answer, cap: Int) async throws -> MeasuredRun {
        let backend = try await HostileBackend.start { router in
            for kind in ["query", "mutation", "action"] {
                router.post("api/\(kind)") { _, _ in Self.respond(answer) }
            }
        }
        let run = try await MeasuredRun.run(CLI(), [backend.baseURL.absoluteString, String(cap)], executable: CLI.built("transport-probe"))
        await backend.stop()
        return run
    }

    @Test("the phone's and watch's transport, in a process of its own: an answer without end is refused at the cap, and the 2 GB never held")
    func urlSessionEndless() async throws {
        let baseline = try await Self.probe(against: .harmless, cap: 4 << 20)
        #expect(baseline.status == 0 && !baseline.stderr.contains("larger than"), "\(baseline.stderr)")
        let hostile = try await Self.probe(against: .endless, cap: 4 << 20)
        #expect(hostile.status == 0 && hostile.stderr.contains("larger than 4194304 bytes"), "\(hostile.stderr)")
        // Linux's URLSession may take in much of the stream before the cancel lands (loopback
        // moves gigabytes a second), but what comes past the cap is dropped as it arrives: 150-200 MB
        // here against 35 MB for a harmless answer, where holding the answer would be 2 GB.
        #expect(hostile.peakBytes < 512 << 20, "peak \(hostile.peakBytes >> 20) MB against \(baseline.peakBytes >> 20) MB for a harmless answer")
    }
}
