import WaterlineCore
import WaterlineAPI
import WaterlineStorage

/// A `CredentialStore` in memory, for tests and the command line's single run.
public actor InMemoryCredentialStore: CredentialStore {
    private var credential: StoredCredential?

    public init(_ credential: StoredCredential? = nil) {
        self.credential = credential
    }

    public func load() -> StoredCredential? { credential }
    public func save(_ credential: StoredCredential) { self.credential = credential }
    public func clear() { credential = nil }
}
