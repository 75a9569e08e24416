import Foundation

/// What the function handlers share: storage, Apple verification, session tokens, call limits and the clock.
public struct ServerContext: Sendable {
    public let repository: WaterlineRepository
    public let apple: AppleIdentityVerifier
    public let tokens: SessionTokens
    public let limits: CallLimits
    public let now: @Sendable () -> Date

    public init(
        repository: WaterlineRepository, apple: AppleIdentityVerifier, tokens: SessionTokens, limits: CallLimits,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.apple = apple
        self.tokens = tokens
        self.limits = limits
        self.now = now
    }
}
