import WaterlineCore

/// The `errorData.code` of a failed function call; the same strings in `convex/` and the Swift server.
public enum ErrorCode: String, Codable, Hashable, Sendable, CaseIterable {
    /// No, an expired or a forged token.
    case unauthenticated = "UNAUTHENTICATED"
    /// A value is missing, of the wrong type or out of range.
    case invalidArgument = "INVALID_ARGUMENT"
    /// No such record for this caller (another user's ids answer this too).
    case notFound = "NOT_FOUND"
    /// The write would break a rule, such as a second active session.
    case conflict = "CONFLICT"
    case unknownFunction = "UNKNOWN_FUNCTION"
    /// The body is not JSON or not a function call.
    case badRequest = "BAD_REQUEST"
    case payloadTooLarge = "PAYLOAD_TOO_LARGE"
    case `internal` = "INTERNAL"
    /// Too many calls for now (HTTP 429 with `Retry-After`); the sync engine backs off and retries.
    case rateLimited = "RATE_LIMITED"
    /// The account keeps as many records of this kind as it may (`Limits.presetsPerAccount`…).
    case quotaExceeded = "QUOTA_EXCEEDED"
}
