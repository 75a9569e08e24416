#if canImport(SwiftData)
import Foundation
import SwiftData
import WaterlineCore
import WaterlineAPI
import WaterlineStorage

extension WaterlineSchemaV2 {
    /// The person on this device, with their settings embedded (as the kit's JSON).
    @Model
    public final class UserRow {
        @Attribute(.unique) public var id: UUID
        public var appleUserId: String?
        public var createdAt: Date
        public var updatedAt: Date
        public var settingsJSON: Data
        /// `User.erasedBefore`.
        public var erasedBefore: UUID?
        @Relationship(deleteRule: .cascade, inverse: \SessionRow.user) public var sessions: [SessionRow] = []
        @Relationship(deleteRule: .cascade, inverse: \PresetRow.user) public var presets: [PresetRow] = []

        public init(_ value: User) {
            id = value.id
            appleUserId = value.appleUserId
            createdAt = value.createdAt
            updatedAt = value.updatedAt
            settingsJSON = (try? WaterlineCoding.encoder(pretty: false).encode(value.settings)) ?? Data()
            erasedBefore = value.erasedBefore
        }

        public var settings: UserSettings {
            (try? WaterlineCoding.decoder().decode(UserSettings.self, from: settingsJSON)) ?? UserSettings()
        }

        public func update(from value: User) {
            appleUserId = value.appleUserId
            createdAt = value.createdAt
            updatedAt = value.updatedAt
            settingsJSON = (try? WaterlineCoding.encoder(pretty: false).encode(value.settings)) ?? settingsJSON
            erasedBefore = value.erasedBefore
        }

        public var value: User {
            User(id: id, appleUserId: appleUserId, createdAt: createdAt, settings: settings, updatedAt: updatedAt, erasedBefore: erasedBefore)
        }
    }
}
#endif
