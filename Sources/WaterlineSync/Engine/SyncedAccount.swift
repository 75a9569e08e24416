import Foundation

/// Whose records this device holds, as sync keeps it (the account of the store's `SyncCursor`),
/// and taking them over for another account: what the runtime asks of the engine when the person
/// signs in or chooses (`RuntimeInput.signedIn`, `.accountChosen`), so that nothing but the engine
/// touches the outbox and the cursor.
public protocol SyncedAccount: Sendable {
    /// The account this device's records belong to; nil before the first sync after signing in.
    func dataAccount() async throws -> UUID?
    /// This device's records now belong to `account`: every one of them is sent again to it
    /// (`keepingLocalData`), or the caller has removed them first; the next pull starts over.
    func adopt(_ account: UUID, keepingLocalData: Bool) async throws
    /// The signed-in Apple ID, kept with the person on this device.
    func link(appleUserId: String?) async throws
}
