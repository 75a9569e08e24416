import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `presets:*`.
    static func presetFunctions(_ context: ServerContext) -> [FunctionHandler] {
        let writer = ChangeWriter(context)
        return [
            .make(Presets.Upsert.self, arguments: [
                "id", "name", "drinkType", "sizeOz", "abv", "standardDrinkEstimate", "sortOrder", "updatedAt", "deletedAt",
            ]) { record, caller in
                try await writer.preset(record, for: try caller.required())
            },
            .make(Presets.Delete.self, arguments: ["id", "deletedAt"]) { tombstone, caller in
                try await writer.deletePreset(tombstone, for: try caller.required())
            },
            .make(Presets.List.self, arguments: []) { _, caller in
                try await context.repository.presets(for: try caller.required())
            },
        ]
    }
}
