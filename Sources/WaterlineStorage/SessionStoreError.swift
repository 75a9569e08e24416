import Foundation
import WaterlineCore
import WaterlineAPI

/// A write the store refused because it would break the data's shape.
public enum SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownSession(UUID)
    case secondActiveSession(UUID)
    /// Remote records arrived before the person on this device was set up.
    case noUser
    /// A version from the backend (or a paired device) outside what any device may store: not kept.
    case outOfRange(SyncKey, String)
    /// Another process kept the store's lock past `StoreCommitLock.wait` (or kept committing
    /// first): nothing was saved, and trying again later may succeed.
    case busy

    public var description: String {
        switch self {
        case .unknownSession(let id): "no session with id \(id.uuidString.lowercased())"
        case .secondActiveSession(let id): "session \(id.uuidString.lowercased()) is already active"
        case .noUser: "no user is set up on this device"
        case .outOfRange(let key, let reason): "\(key): \(reason)"
        case .busy: "another part of Waterline is using its data; nothing was saved, try again"
        }
    }
}
