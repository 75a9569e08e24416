import Foundation
import WaterlineCore

/// Presets: added, edited, reordered, deleted.
extension SessionWrites {
    func addPreset(_ draft: PresetDraft) async throws -> ActionResult {
        let user = try await ensureUser()
        let order = (try await store.presets().map(\.sortOrder).max() ?? -1) + 1
        let preset = DrinkPreset(
            id: makeID(), userId: user.id, name: draft.name.trimmingCharacters(in: .whitespacesAndNewlines),
            drinkType: draft.drinkType, sizeOz: draft.sizeOz, abv: draft.abv,
            standardDrinkEstimate: try Self.estimate(given: draft.estimate, sizeOz: draft.sizeOz, abv: draft.abv),
            sortOrder: order, updatedAt: now()
        )
        try Self.checkValid(preset.validate)
        try Self.checkChosen(preset.standardDrinkEstimate)
        try await store.savePreset(preset)
        return try await result(user.settings, preset: preset)
    }

    func editPreset(_ preset: DrinkPreset) async throws -> ActionResult {
        let user = try await ensureUser()
        guard let existing = try await store.preset(id: preset.id) else { throw SessionServiceError.unknownPreset(preset.id) }
        var updated = preset
        updated.userId = existing.userId
        updated.name = preset.name.trimmingCharacters(in: .whitespacesAndNewlines)
        updated.updatedAt = now()
        updated.deletedAt = nil
        try Self.checkValid(updated.validate)
        try Self.checkChosen(updated.standardDrinkEstimate)
        try await store.savePreset(updated)
        return try await result(user.settings, preset: updated)
    }

    /// Numbers the presets 0, 1, 2… in `order` (unknown or repeated ids are refused, nothing
    /// written); only presets whose place changed are saved (and synced).
    func reorderPresets(_ order: [UUID]) async throws -> ActionResult {
        let user = try await ensureUser()
        let presets = try await store.presets()
        if let unknown = order.first(where: { id in !presets.contains { $0.id == id } }) {
            throw SessionServiceError.unknownPreset(unknown)
        }
        guard Set(order).count == order.count else {
            throw SessionServiceError.invalid(.unexpected(field: "order", reason: "each preset once"))
        }
        let named = order.compactMap { id in presets.first { $0.id == id } }
        let ordered = named + presets.filter { !order.contains($0.id) }
        let time = now()
        var moved = false
        for (place, var preset) in ordered.enumerated() where preset.sortOrder != place {
            preset.sortOrder = place
            preset.updatedAt = time
            try await store.savePreset(preset)
            moved = true
        }
        return try await result(user.settings, changed: moved)
    }

    /// Drinks already logged from a deleted preset keep their details.
    func deletePreset(id: UUID) async throws -> ActionResult {
        let user = try await ensureUser()
        guard var preset = try await store.preset(id: id) else { throw SessionServiceError.unknownPreset(id) }
        let time = now()
        preset.deletedAt = time
        preset.updatedAt = time
        try await store.savePreset(preset)
        return try await result(user.settings, preset: preset)
    }
}
