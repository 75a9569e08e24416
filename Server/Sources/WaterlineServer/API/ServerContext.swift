import Foundation
import Logging

/// What the function handlers share: storage, Apple verification, session tokens, call limits and the clock.
public struct ServerContext: Sendable {
    public let repository: WaterlineRepository
    public let apple: AppleIdentityVerifier
    /// Exchanges and revokes the person's Sign in with Apple token; nil with no key configured.
    public let appleLink: AppleAccountLink?
    /// Deleted accounts' Apple tokens, revoked until Apple takes them; nil with no key configured.
    public let appleRevocations: AppleRevocations?
    public let tokens: SessionTokens
    public let limits: CallLimits
    public let now: @Sendable () -> Date

    public init(
        repository: WaterlineRepository, apple: AppleIdentityVerifier, appleLink: AppleAccountLink? = nil, tokens: SessionTokens,
        limits: CallLimits, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "waterline-server")
    ) {
        self.repository = repository
        self.apple = apple
        self.appleLink = appleLink
        appleRevocations = appleLink.map { AppleRevocations(repository: repository, link: $0, now: now, logger: logger) }
        self.tokens = tokens
        self.limits = limits
        self.now = now
    }

    /// Issues a session token for `userId` and keeps its fingerprint with its id, so a forgery
    /// that copies its id is refused unchecked (`FunctionCallResponder`, `issued_tokens`).
    public func issueToken(for userId: UUID) async throws -> (token: String, expiresAt: Date) {
        let issued = try await tokens.issueWithId(for: userId)
        try await repository.rememberIssued(id: issued.id, fingerprint: SessionTokens.fingerprint(issued.token), expiresAt: issued.expiresAt, now: now())
        return (issued.token, issued.expiresAt)
    }
}
