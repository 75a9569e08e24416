import Foundation

/// A record as it travels to and from the backend: a local value's own fields, without its owner
/// (the caller is the owner).
public protocol OwnerFreeRecord: Codable, Hashable, Sendable {
    var id: UUID { get set }
    /// Throws when a field is out of its bounds or contradicts another; names the field.
    func validate() throws(ValidationError)
}
