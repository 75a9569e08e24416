import WaterlineCore

/// The body of `POST /api/query|mutation|action` in the Convex HTTP API.
public struct FunctionCall<Args: Codable & Sendable>: Codable, Sendable {
    public var path: String
    public var args: Args
    public var format: String

    public init(path: String, args: Args, format: String = "json") {
        self.path = path
        self.args = args
        self.format = format
    }
}
