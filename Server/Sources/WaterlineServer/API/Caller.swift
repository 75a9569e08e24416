import Foundation

/// The signed-in user a request acts for; every query and write is scoped to them.
public struct Caller: Hashable, Sendable {
    public var userId: UUID

    public init(userId: UUID) {
        self.userId = userId
    }

    var key: String { userId.uuidString.lowercased() }
}
