/// One deleted account's Apple refresh token, claimed for a try at revoking it.
struct ClaimedRevocation: Sendable, Equatable {
    let userId: String
    let refreshToken: String
    /// Tries so far, this one included.
    let attempts: Int
}
