import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where log lines go: appended to a buffer under a lock, written to the file descriptor by a
/// thread of its own every `interval` (or sooner when the buffer fills), so a request pays for
/// a copy, never for a `write`: standard error may be a pipe nobody reads. A line at `warning`
/// and above wakes that thread at once. `flush()` writes everything buffered (call it before exiting).
///
/// The buffer holds at most `capacity` bytes: while nobody reads the other end (a piped stderr
/// left unread), the writing thread waits and lines past the cap are dropped and counted, and a
/// line saying how many comes out with the next write, so the server's memory stays flat.
public final class LogOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let interval: TimeInterval
    private let capacity: Int
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    /// Lines dropped since the last write, for its notice.
    private var dropped = 0
    /// A warning waits: the thread writes without waiting out its interval.
    private var urgentWaiting = false
    /// Writes made, and a condition to wait for one on (`waitForWrites`), apart from the buffer's.
    private let written = NSCondition()
    private var writes = 0
    /// Held while writing, and taken before the buffer is: lines reach the file in the order
    /// they were appended, and appending never waits for a write.
    private let writing = NSLock()
    private static let eagerSize = 64 * 1024

    /// Standard error, written every 50 ms.
    public static let standardError = LogOutput(descriptor: STDERR_FILENO, interval: 0.05)

    init(descriptor: Int32, interval: TimeInterval, capacity: Int = 4 * 1024 * 1024) {
        self.descriptor = descriptor
        self.interval = interval
        self.capacity = capacity
        buffer.reserveCapacity(Self.eagerSize)
        let thread = Thread { [self] in
            nameCurrentThread("waterline-log")
            loop()
        }
        thread.start()
    }

    func append(_ line: String, urgent: Bool) {
        condition.lock()
        if buffer.count + line.utf8.count <= capacity {
            buffer.append(contentsOf: line.utf8)
        } else {
            dropped += 1
        }
        if urgent { urgentWaiting = true }
        if buffer.count >= Self.eagerSize || urgent { condition.signal() }
        condition.unlock()
    }

    /// Waits until `count` writes have been made in all (for tests: no clock involved).
    func waitForWrites(_ count: Int) {
        written.lock()
        while writes < count { written.wait() }
        written.unlock()
    }

    /// Writes made so far.
    var writesMade: Int {
        written.lock()
        defer { written.unlock() }
        return writes
    }

    /// Bytes waiting to be written.
    var bufferedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return buffer.count
    }

    /// Writes what is buffered now, after a line counting what was dropped, if anything was.
    public func flush() {
        writing.lock()
        condition.lock()
        var pending: [UInt8] = []
        swap(&pending, &buffer)
        buffer.reserveCapacity(Self.eagerSize)
        let lost = dropped
        dropped = 0
        urgentWaiting = false
        condition.unlock()
        writeAll(pending)
        if lost > 0 {
            writeAll(Array("waterline-server: \(lost) log lines dropped: the log was not read as fast as it was written\n".utf8))
        }
        writing.unlock()
        written.lock()
        writes += 1
        written.broadcast()
        written.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            if buffer.count < Self.eagerSize, !urgentWaiting {
                _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            }
            condition.unlock()
            flush()
        }
    }

    /// Nowhere to write (closed, full): what does not go is dropped rather than block the server.
    private func writeAll(_ bytes: [UInt8]) {
        _ = Descriptor.writeAll(descriptor, bytes)
    }
}
