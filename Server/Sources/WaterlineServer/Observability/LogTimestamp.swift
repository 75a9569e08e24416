import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Local time as `2026-11-22T05:41:46+0000`, formatted at most once per second of the clock.
final class LogTimestamp: @unchecked Sendable {
    private let lock = NSLock()
    private var second = Int.min
    private var text = ""

    func string(for date: Date) -> String {
        let now = Int(date.timeIntervalSince1970.rounded(.down))
        return lock.withLock {
            if now != second {
                second = now
                text = Self.format(now)
            }
            return text
        }
    }

    private static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [Int8](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
