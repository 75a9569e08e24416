import Foundation

/// What the function handlers share: storage, Apple verification, session tokens and the clock.
public struct ServerContext: Sendable {
    public let repository: WaterlineRepository
    public let apple: AppleIdentityVerifier
    public let tokens: SessionTokens
    public let now: @Sendable () -> Date

    public init(repository: WaterlineRepository, apple: AppleIdentityVerifier, tokens: SessionTokens, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.apple = apple
        self.tokens = tokens
        self.now = now
    }
}
