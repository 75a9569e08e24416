import Foundation
import Logging
import Testing
@testable import WaterlineServer

@Suite("The server's buffered log")
struct BufferedLogTests {
    /// A log output writing to a fresh file, and a way to read what reached the file.
    private func fileOutput() throws -> (output: LogOutput, read: () throws -> String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-log-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        // A long interval: what the tests see arrives through `flush()` or a warning, never a timer.
        let output = LogOutput(descriptor: descriptor, interval: 3_600)
        return (output, { try String(contentsOf: url, encoding: .utf8) })
    }

    @Test("a line reads as StreamLogHandler's: time, level, label, sorted metadata, source, message")
    func lineFormat() throws {
        let (output, _) = try fileOutput()
        var handler = BufferedLogHandler(label: "waterline-server", output: output)
        handler.metadata = ["instance": "a"]
        let event = LogEvent(
            level: .info, message: "request", metadata: ["status": "200", "method": "POST"],
            source: "WaterlineServer", file: #fileID, function: #function, line: #line
        )
        let line = handler.line(for: event, at: Date(timeIntervalSince1970: 1_795_291_200))
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info waterline-server: instance=a method=POST status=200 \[WaterlineServer\] request\n$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    @Test("lines wait in the buffer until flushed; a warning wakes the log's thread, which writes it at once after what came before it, the caller never writing", .timeLimit(.minutes(1)))
    func bufferingAndUrgency() throws {
        let (output, read) = try fileOutput()
        var logger = Logger(label: "test") { BufferedLogHandler(label: $0, output: output) }
        logger.logLevel = .info
        logger.info("first")
        logger.debug("below the level")
        #expect(try read().isEmpty)
        var writes = output.writesMade
        logger.warning("second")
        // Waits for the log's own thread (no clock): each write it makes is counted.
        while !(try read().contains("second")) {
            output.waitForWrites(writes + 1)
            writes += 1
        }
        let written = try read()
        #expect(written.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: " ").last! } == ["first", "second"])
        logger.info("third")
        output.flush()
        #expect(try read().hasSuffix("] third\n"))
    }

    @Test("many threads logging at once: every line arrives whole and once")
    func concurrentLines() async throws {
        let (output, read) = try fileOutput()
        let logger = Logger(label: "test") { BufferedLogHandler(label: $0, output: output) }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<2_000 { logger.info("line", metadata: ["n": "\(task)-\(index)"]) }
                }
            }
        }
        output.flush()
        let lines = try read().split(separator: "\n")
        #expect(lines.count == 16_000)
        let numbers = Set(lines.compactMap { $0.firstMatch(of: #/n=(\d+-\d+)/#).map { String($0.1) } })
        #expect(numbers.count == 16_000)
    }

    @Test("while nobody reads the log, the buffer stops at its cap: later lines are dropped and counted, never kept")
    func boundedBuffer() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-log-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        // Nothing is written until `flush()`: as if the reader of a pipe had stopped reading.
        let output = LogOutput(descriptor: descriptor, interval: 3_600, capacity: 1_000)
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<50 { output.append(line, urgent: false) }
        #expect(output.bufferedBytes == 1_000, "ten lines kept, forty dropped")
        output.flush()
        let written = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(written.count == 11)
        #expect(written.last == "waterline-server: 40 log lines dropped: the log was not read as fast as it was written")
        output.append(line, urgent: false)
        output.flush()
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 12, "counted once, then back to normal")
    }

    @Test("durations read as milliseconds with two decimals")
    func durations() {
        #expect(AccessLog.milliseconds(.microseconds(270)) == "0.27")
        #expect(AccessLog.milliseconds(.microseconds(12_050)) == "12.05")
        #expect(AccessLog.milliseconds(.seconds(1.5)) == "1500.00")
        #expect(AccessLog.milliseconds(.zero) == "0.00")
    }
}
