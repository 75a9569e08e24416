import WaterlineAPI
import WaterlineCore

/// A function's failure as the caller sees it: `{status:"error", errorMessage, errorData:{code}}`.
public struct FunctionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    static func notFound(_ what: String, _ id: some CustomStringConvertible) -> FunctionError {
        FunctionError(.notFound, "no \(what) with id \(id)")
    }

    static func invalid(_ error: ValidationError) -> FunctionError {
        FunctionError(.invalidArgument, error.description)
    }
}
