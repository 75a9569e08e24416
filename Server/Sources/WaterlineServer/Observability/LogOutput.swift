import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where log lines go: appended to a buffer under a lock, written to the file descriptor by a
/// thread of its own every `interval` (or sooner when the buffer fills), so a request pays for
/// a copy, not for a `write` and the stream's lock. Lines at `warning` and above are written
/// before `append` returns. `flush()` writes everything buffered (call it before exiting).
public final class LogOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let interval: TimeInterval
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    /// Held while writing, and taken before the buffer is: lines reach the file in the order
    /// they were appended, and appending never waits for a write.
    private let writing = NSLock()
    private static let eagerSize = 64 * 1024

    /// Standard error, written every 50 ms.
    public static let standardError = LogOutput(descriptor: STDERR_FILENO, interval: 0.05)

    init(descriptor: Int32, interval: TimeInterval) {
        self.descriptor = descriptor
        self.interval = interval
        buffer.reserveCapacity(Self.eagerSize)
        let thread = Thread { [self] in
            nameCurrentThread("waterline-log")
            loop()
        }
        thread.start()
    }

    func append(_ line: String, urgent: Bool) {
        condition.lock()
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= Self.eagerSize { condition.signal() }
        condition.unlock()
        if urgent { flush() }
    }

    /// Writes what is buffered now.
    public func flush() {
        writing.lock()
        condition.lock()
        var pending: [UInt8] = []
        swap(&pending, &buffer)
        buffer.reserveCapacity(Self.eagerSize)
        condition.unlock()
        writeAll(pending)
        writing.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            if buffer.count < Self.eagerSize {
                _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            }
            condition.unlock()
            flush()
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        bytes.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break  // Nowhere to write (closed, full): drop rather than block the server.
                }
            }
        }
    }
}
