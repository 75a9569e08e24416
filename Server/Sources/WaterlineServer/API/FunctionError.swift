import WaterlineAPI
import WaterlineCore

/// A function's failure as the caller sees it: `{status:"error", errorMessage, errorData:{code}}`.
public struct FunctionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String

    /// The longest message sent back: a refusal may quote what the caller sent (a value that is
    /// not one of a field's choices, a key), and a caller must not get a megabyte echoed.
    static let messageLimit = 400

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message.count > Self.messageLimit ? String(message.prefix(Self.messageLimit)) + "…" : message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    static func notFound(_ what: String, _ id: some CustomStringConvertible) -> FunctionError {
        FunctionError(.notFound, "no \(what) with id \(id)")
    }

    static func invalid(_ error: ValidationError) -> FunctionError {
        FunctionError(.invalidArgument, error.description)
    }
}
