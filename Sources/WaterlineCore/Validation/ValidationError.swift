/// Why a value was refused. Values are never clamped: the caller gets this instead.
public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case outOfRange(field: String, value: Double, allowed: String)
    case missing(field: String)
    case unexpected(field: String, reason: String)

    /// The field the error is about, as named on the wire.
    public var field: String {
        switch self {
        case .outOfRange(let field, _, _), .missing(let field), .unexpected(let field, _): field
        }
    }

    public var description: String {
        switch self {
        case .outOfRange(let field, let value, let allowed):
            "\(field) must be \(allowed) (got \(Self.format(value)))"
        case .missing(let field):
            "\(field) is required"
        case .unexpected(let field, let reason):
            "\(field): \(reason)"
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
