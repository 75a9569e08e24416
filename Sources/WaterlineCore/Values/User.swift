import Foundation

/// The person using Waterline, with their settings embedded.
public struct User: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    /// Apple's stable `sub` once the person has signed in; nil while everything stays on the device.
    public var appleUserId: String?
    public var createdAt: Date
    public var settings: UserSettings
    public var updatedAt: Date

    public init(id: UUID, appleUserId: String? = nil, createdAt: Date, settings: UserSettings = UserSettings(), updatedAt: Date? = nil) {
        self.id = id
        self.appleUserId = appleUserId
        self.createdAt = createdAt
        self.settings = settings
        self.updatedAt = updatedAt ?? createdAt
    }
}
