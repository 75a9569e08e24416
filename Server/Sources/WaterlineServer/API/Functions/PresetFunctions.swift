import WaterlineKit

extension FunctionHandler {
    /// `presets:*`.
    static func presetFunctions(_ context: ServerContext) -> [FunctionHandler] {
        [
            .make(Presets.Upsert.self, arguments: [
                "id", "name", "drinkType", "sizeOz", "abv", "standardDrinkEstimate", "sortOrder", "updatedAt", "deletedAt",
            ]) { sent, caller in
                let caller = try caller.required()
                // Stored as every device shows it: trimmed (the size was bounded before trimming).
                var record = sent
                record.name = sent.name.trimmingCharacters(in: .whitespacesAndNewlines)
                try validate(sent.preset(userId: caller.userId).validate)
                try checkStamps(updatedAt: record.updatedAt, deletedAt: record.deletedAt)
                return try await context.repository.upsertPreset(record, for: caller)
            },
            .make(Presets.Delete.self, arguments: ["id", "deletedAt"]) { tombstone, caller in
                try checkStamps(updatedAt: tombstone.deletedAt, deletedAt: nil)
                return try await context.repository.deletePreset(tombstone, for: try caller.required())
            },
            .make(Presets.List.self, arguments: []) { _, caller in
                try await context.repository.presets(for: try caller.required())
            },
        ]
    }
}
