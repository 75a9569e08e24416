import WaterlineCore

/// `presets:*`: the caller's quick drinks.
public enum Presets {
    public struct Upsert: ConvexFunction {
        public typealias Args = PresetRecord
        public typealias Value = PresetRecord
        public static let name = "presets:upsert"
        public static let kind = FunctionKind.mutation
    }

    public struct Delete: ConvexFunction {
        public typealias Args = Tombstone
        public typealias Value = PresetRecord
        public static let name = "presets:delete"
        public static let kind = FunctionKind.mutation
    }

    /// Every preset, tombstones included, by sort order.
    public struct List: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = [PresetRecord]
        public static let name = "presets:list"
        public static let kind = FunctionKind.query
    }
}
