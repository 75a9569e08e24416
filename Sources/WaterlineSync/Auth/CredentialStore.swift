import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// Keeps the session token: the shared keychain item in the app, memory in tests.
public protocol CredentialStore: Sendable {
    func load() async throws -> StoredCredential?
    func save(_ credential: StoredCredential) async throws
    func clear() async throws
}

extension CredentialStore {
    /// The token to send, or nil when there is none or it has expired.
    public func validToken(at now: Date) async -> String? {
        guard let credential = try? await load(), credential.expiresAt > now else { return nil }
        return credential.token
    }
}
