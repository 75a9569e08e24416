import Foundation

/// A record as it travels to and from the backend: a local value's own fields, without its owner
/// (the caller is the owner).
public protocol OwnerFreeRecord: Codable, Hashable, Sendable {
    var id: UUID { get set }
}
