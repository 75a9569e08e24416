import Foundation
import Logging

/// A `LogHandler` for the server's own log: the line `StreamLogHandler` writes
/// (`2026-11-22T05:41:46+0000 info waterline-server: key=value … [Module] message`), formatted
/// cheaply (the time is formatted once a second) and handed to a `LogOutput`, so the access
/// log's line per request costs the request little.
public struct BufferedLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let output: LogOutput
    private let clock: LogTimestamp

    public init(label: String, output: LogOutput = .standardError) {
        self.label = label
        self.output = output
        clock = LogTimestamp()
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        output.append(line(for: event, at: Date()), urgent: event.level >= .warning)
    }

    /// The line for `event`, without writing it.
    func line(for event: LogEvent, at date: Date) -> String {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        var line = clock.string(for: date)
        line += " \(event.level) \(label):"
        for key in merged.keys.sorted() {
            line += " \(key)=\(merged[key]!)"
        }
        line += " [\(event.source)] \(event.message)\n"
        return line
    }
}
