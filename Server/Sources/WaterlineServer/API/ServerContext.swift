import Foundation

/// What the function handlers share: storage, Apple verification, session tokens, call limits and the clock.
public struct ServerContext: Sendable {
    public let repository: WaterlineRepository
    public let apple: AppleIdentityVerifier
    /// Exchanges and revokes the person's Sign in with Apple token; nil with no key configured.
    public let appleLink: AppleAccountLink?
    public let tokens: SessionTokens
    public let limits: CallLimits
    public let now: @Sendable () -> Date

    public init(
        repository: WaterlineRepository, apple: AppleIdentityVerifier, appleLink: AppleAccountLink? = nil, tokens: SessionTokens,
        limits: CallLimits, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.apple = apple
        self.appleLink = appleLink
        self.tokens = tokens
        self.limits = limits
        self.now = now
    }
}
