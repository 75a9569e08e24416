import WaterlineCore

/// `settings:*`: the caller's pacing preferences.
public enum Settings {
    /// Saves the settings if they are newer than the stored ones; returns what is stored.
    public struct Upsert: ConvexFunction {
        public typealias Args = UserSettings
        public typealias Value = UserSettings
        public static let name = "settings:upsert"
        public static let kind = FunctionKind.mutation
    }
}
