import WaterlineCore

/// The answer of `sync:push`: one outcome per change sent, in the order sent.
public struct PushResults: Codable, Hashable, Sendable {
    public var results: [ChangeOutcome]

    public init(results: [ChangeOutcome]) {
        self.results = results
    }
}
