import WaterlineCore

/// How many records an account deletion removed, and whether the account is all gone.
///
/// The Swift server removes everything at once (`complete` is always true there); a Convex
/// deployment removes a large account a bounded batch at a time after the first call, which
/// already refuses every token of the account, and answers a second `users:deleteAccount` with
/// the same token with how far it has got. An answer without `complete` (an older backend) is a
/// finished deletion.
public struct DeletedAccount: Codable, Hashable, Sendable {
    public var sessions: Int
    public var logEntries: Int
    public var presets: Int
    public var complete: Bool
    /// What became of the person's Sign in with Apple link to the app; nil from a backend
    /// older than the revocation.
    public var appleSignIn: AppleSignInRevocation?

    public init(sessions: Int, logEntries: Int, presets: Int, complete: Bool = true, appleSignIn: AppleSignInRevocation? = nil) {
        self.sessions = sessions
        self.logEntries = logEntries
        self.presets = presets
        self.complete = complete
        self.appleSignIn = appleSignIn
    }

    private enum CodingKeys: String, CodingKey {
        case sessions, logEntries, presets, complete, appleSignIn
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessions = try container.decode(Int.self, forKey: .sessions)
        logEntries = try container.decode(Int.self, forKey: .logEntries)
        presets = try container.decode(Int.self, forKey: .presets)
        complete = try container.decodeIfPresent(Bool.self, forKey: .complete) ?? true
        appleSignIn = try container.decodeIfPresent(AppleSignInRevocation.self, forKey: .appleSignIn)
    }
}
