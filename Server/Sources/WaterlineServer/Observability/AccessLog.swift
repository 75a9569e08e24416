import Foundation
import Logging

/// One line per request: method, path, function, status, duration and user id. Never a token
/// and never a body; what the caller chose (the path, the function name) escaped and cut short
/// (`LogText`). Every line also feeds the metrics.
struct AccessLog: Sendable {
    let logger: Logger
    let metrics: ServerMetrics

    func record(method: String, path: String, route: String, function: String?, userId: UUID?, status: Int, duration: Duration) {
        metrics.record(route: route, function: function, status: status, duration: duration)
        var metadata: Logger.Metadata = [
            "method": "\(LogText.escaped(method))", "path": "\(LogText.escaped(path))", "status": "\(status)",
            "duration_ms": "\(Self.milliseconds(duration))",
        ]
        if let function { metadata["function"] = "\(LogText.escaped(function))" }
        if let userId { metadata["user"] = "\(userId.key)" }
        // Refusals and failures at notice level, so failed sign-ins show without verbose logging.
        logger.log(level: status >= 400 ? .notice : .info, "request", metadata: metadata)
    }

    /// "0.27", "12.05", "1500.00": milliseconds with two decimals, without `String(format:)`
    /// (which costs more than the rest of the line on Linux).
    static func milliseconds(_ duration: Duration) -> String {
        let hundredths = duration.components.seconds * 100_000 + duration.components.attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
