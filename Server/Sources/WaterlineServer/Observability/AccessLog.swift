import Foundation
import Logging

/// One line per request: method, path, function, status, duration and user id. Never a token
/// and never a body. Every line also feeds the metrics.
struct AccessLog: Sendable {
    let logger: Logger
    let metrics: ServerMetrics

    func record(method: String, path: String, route: String, function: String?, userId: UUID?, status: Int, duration: Duration) {
        metrics.record(route: route, function: function, status: status, duration: duration)
        var metadata: Logger.Metadata = [
            "method": "\(method)", "path": "\(path)", "status": "\(status)",
            "duration_ms": "\(String(format: "%.2f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000))",
        ]
        if let function { metadata["function"] = "\(function)" }
        if let userId { metadata["user"] = "\(userId.uuidString.lowercased())" }
        // Refusals and failures at notice level, so failed sign-ins show without verbose logging.
        logger.log(level: status >= 400 ? .notice : .info, "request", metadata: metadata)
    }
}
