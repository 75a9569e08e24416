import Foundation
import WaterlineCore
import WaterlineStorage

extension SessionStore {
    /// Sets `user` up on this device, with the starter presets where there are none (their ids and
    /// stamps are the same on every device, so another device's copies win or match).
    func setUp(_ user: User) async throws {
        try await saveUser(user)
        guard try await presets().isEmpty else { return }
        for preset in DrinkCatalog.defaultPresets(userId: user.id) { try await savePreset(preset) }
    }
}
