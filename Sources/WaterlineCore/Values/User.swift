import Foundation

/// The person using Waterline, with their settings embedded.
public struct User: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    /// Apple's stable `sub` once the person has signed in; nil while everything stays on the device.
    public var appleUserId: String?
    public var createdAt: Date
    public var settings: UserSettings
    public var updatedAt: Date
    /// The person whose records this device erased on purpose ("Delete Account", or starting clean
    /// for an account) just before this one was set up: a paired watch erases its copy of them
    /// too, where after any other change of person (a new iPhone) it hands its own to this one.
    public var erasedBefore: UUID?

    public init(
        id: UUID, appleUserId: String? = nil, createdAt: Date, settings: UserSettings = UserSettings(), updatedAt: Date? = nil,
        erasedBefore: UUID? = nil
    ) {
        self.id = id
        self.appleUserId = appleUserId
        self.createdAt = createdAt
        self.settings = settings
        self.updatedAt = updatedAt ?? createdAt
        self.erasedBefore = erasedBefore
    }
}
