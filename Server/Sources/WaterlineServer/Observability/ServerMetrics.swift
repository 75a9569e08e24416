import Foundation
import Prometheus

/// The server's Prometheus metrics, served at `GET /metrics`: calls by function and status,
/// their durations, failed sign-ins and rate-limited calls. (Unchecked `Sendable`: the cache of
/// metrics already made is only touched under `made`.)
public final class ServerMetrics: @unchecked Sendable {
    let registry = PrometheusCollectorRegistry()
    private let known: Set<String>
    /// The counters and histograms already made, by their labels: the registry's own look-up
    /// builds the metric's name and checks its labels on every call.
    private let made = NSLock()
    private var counters: [CounterLabels: Counter] = [:]
    private var histograms: [String: DurationHistogram] = [:]

    private struct CounterLabels: Hashable {
        let route: String
        let function: String
        let status: Int
    }

    /// - Parameter functions: the function names that get their own label; anything else counts as "other".
    init(functions: Set<String>) {
        known = functions
    }

    // Computed: the descriptor type is not Sendable, so it cannot be a shared constant.
    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "waterline", metricName: "requests", unitName: "total", helpText: "Requests answered, by route, function and HTTP status"
        )
    }
    private static var durations: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "waterline", metricName: "request_duration", unitName: "seconds", helpText: "Time to answer a request, by route")
    }
    private static var signInFailures: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "waterline", metricName: "signin_failures", unitName: "total", helpText: "Sign-ins refused")
    }
    private static let buckets: [Duration] = [.milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                                              .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1), .seconds(5)]

    func record(route: String, function: String?, status: Int, duration: Duration) {
        let name = function.map { known.contains($0) ? $0 : "other" } ?? ""
        let (counter, histogram) = made.withLock {
            let labels = CounterLabels(route: route, function: name, status: status)
            let counter = counters[labels] ?? {
                let new = registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("function", name), ("status", String(status))])
                counters[labels] = new
                return new
            }()
            let histogram = histograms[route] ?? {
                let new = registry.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route)], buckets: Self.buckets)
                histograms[route] = new
                return new
            }()
            return (counter, histogram)
        }
        counter.increment()
        histogram.record(duration)
        if function == "auth:signInWithApple", status != 200 {
            registry.makeCounter(descriptor: Self.signInFailures).increment()
        }
    }

    /// The text exposition format.
    func exposition() -> String {
        registry.emitToString()
    }
}
