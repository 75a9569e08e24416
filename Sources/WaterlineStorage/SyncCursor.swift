import Foundation
import WaterlineCore
import WaterlineAPI

/// Whose data this device holds, and how far it has pulled that account's changes.
///
/// The account is remembered with the data (it is cleared with it), so signing in as someone
/// else is noticed before anything is pushed or pulled.
public struct SyncCursor: Codable, Hashable, Sendable {
    /// The backend user whose changes were last pulled here.
    public var accountId: UUID
    /// `PullPage.cursor` of the last page applied; nil to pull everything again.
    public var position: Int?

    public init(accountId: UUID, position: Int?) {
        self.accountId = accountId
        self.position = position
    }
}
