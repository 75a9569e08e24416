import Foundation
import WaterlineCore

/// Setting the person up, and their settings.
extension SessionWrites {
    func prepare(_ settings: UserSettings?) async throws -> ActionResult {
        let existing = try await store.user()
        var user = try await ensureUser(settings: settings)
        if existing != nil, let settings {
            // Onboarding after signing in (or after an earlier launch): the person's choices win.
            user = try await saveSettings(settings, of: user)
        }
        return try await result(user.settings, changed: existing == nil || settings != nil)
    }

    func updateSettings(_ settings: UserSettings) async throws -> ActionResult {
        let user = try await saveSettings(settings, of: ensureUser())
        return try await result(user.settings)
    }

    func saveSettings(_ settings: UserSettings, of user: User) async throws -> User {
        try Self.checkValid(settings.validate)
        var user = user
        // Only the settings that changed take the new stamp: another device's change to a
        // different setting, made meanwhile, survives the merge.
        let updated = user.settings.edited(to: settings, at: now())
        user.settings = updated
        user.updatedAt = updated.updatedAt
        try await store.saveUser(user)
        return user
    }
}
