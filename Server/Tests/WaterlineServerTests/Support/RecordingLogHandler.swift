import Foundation
import Logging

/// Keeps every log line, level and metadata, for tests that read the access log.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    struct Line {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let lock = NSLock()
    private var recorded: [Line] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [Line] { lock.withLock { recorded } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let line = Line(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" })
        lock.withLock { recorded.append(line) }
    }
}
