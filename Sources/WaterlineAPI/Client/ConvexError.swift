import WaterlineCore

/// Why a call to the backend did not return a value.
public enum ConvexError: BackendError, Hashable, Sendable, CustomStringConvertible {
    /// No answer: no network, the host refused, or the request timed out.
    case offline(String)
    /// An HTTP status other than 200 or 560, with the body's text.
    case httpStatus(Int, String)
    /// The function ran and failed; `code` is one of `ErrorCode` when the backend set one.
    case function(message: String, code: String?)
    /// An answer that is not the Convex wire format.
    case badResponse(String)
    /// The backend asks for calls to wait (`RATE_LIMITED`): `retryAfter` seconds when it said
    /// how long (the server's `Retry-After`, Convex's `errorData.retryAfter`).
    case rateLimited(message: String, retryAfter: Double?)

    /// The failure's code, when the backend gave one.
    public var code: ErrorCode? {
        if case .function(_, let code) = self { return code.flatMap(ErrorCode.init(rawValue:)) }
        if case .rateLimited = self { return .rateLimited }
        if case .httpStatus(let status, _) = self, status == 401 { return .unauthenticated }
        if case .httpStatus(let status, _) = self, status == 429 { return .rateLimited }
        return nil
    }

    /// Worth trying again later: the network, the server's own trouble, or rate limiting.
    public var isRetryable: Bool {
        switch self {
        case .offline: true
        case .httpStatus(let status, _): status >= 500 || status == 429 || status == 408
        case .function(_, let code): code == ErrorCode.internal.rawValue
        case .badResponse: false
        case .rateLimited: true
        }
    }

    public var description: String {
        switch self {
        case .offline(let reason): "offline: \(reason)"
        case .httpStatus(let status, let body): "HTTP \(status): \(body)"
        case .function(let message, let code): code.map { "\($0): \(message)" } ?? message
        case .badResponse(let reason): "bad response: \(reason)"
        case .rateLimited(let message, let retryAfter):
            "RATE_LIMITED: \(message)" + (retryAfter.map { " (the server asks to wait \(Int($0.rounded(.up))) s)" } ?? "")
        }
    }
}
