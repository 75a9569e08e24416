/// One closure handed to a system callback, one system delegate method, or one conformance to a
/// system protocol whose isolation differs between SDKs, and where it runs.
public struct IsolationFinding: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var what: String
    /// The isolation it is formed in (a closure's) or has (a method's).
    public var context: Isolation
    /// `@Sendable`, or not formed on the main actor: the system may call it from any queue. For a
    /// conformance: marked `@preconcurrency`.
    public var isSafe: Bool
    /// What makes an unsafe one safe.
    public var remedy = "make it @Sendable or move it into a nonisolated function"

    public var description: String {
        "\(file):\(line): \(what), \(isSafe ? "safe" : "MAIN-ACTOR ISOLATED: \(remedy)") (\(context))"
    }
}

/// Where code runs, as far as Swift 6's isolation goes.
public enum Isolation: String, Hashable, Sendable, CustomStringConvertible {
    case mainActor = "main actor"
    case nonisolated
    case sendable = "@Sendable"

    public var description: String { rawValue }
}
