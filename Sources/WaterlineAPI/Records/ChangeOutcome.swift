import WaterlineCore

/// What became of one pushed change: the version the backend keeps (which may be a newer one
/// than was sent), or why it was refused.
public struct ChangeOutcome: Codable, Hashable, Sendable {
    public var ok: Bool
    /// The stored version, when `ok`.
    public var change: SyncPayload?
    /// The refusal's `ErrorCode` raw value, when not `ok`.
    public var code: String?
    public var message: String?

    public static func stored(_ change: SyncPayload) -> ChangeOutcome {
        ChangeOutcome(ok: true, change: change, code: nil, message: nil)
    }

    public static func refused(_ code: ErrorCode, _ message: String) -> ChangeOutcome {
        ChangeOutcome(ok: false, change: nil, code: code.rawValue, message: message)
    }

    public init(ok: Bool, change: SyncPayload?, code: String?, message: String?) {
        self.ok = ok
        self.change = change
        self.code = code
        self.message = message
    }

    /// The refusal as an error, for a change that was not stored.
    public var error: ConvexError? {
        guard !ok else { return nil }
        return .function(message: message ?? "refused", code: code)
    }
}
