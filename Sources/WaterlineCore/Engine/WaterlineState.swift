/// The Waterline and its counters after replaying a session's logs.
public struct WaterlineState: Codable, Hashable, Sendable {
    /// Σ standard-drink estimates of the drinks − the number of waters. Stored exactly.
    public var waterlineValue: Double
    public var alcoholCountSinceLastWater: Int
    public var totalAlcoholCount: Int
    public var totalWaterCount: Int
    public var totalStandardDrinks: Double
    public var isWarning: Bool

    public init(
        waterlineValue: Double = 0,
        alcoholCountSinceLastWater: Int = 0,
        totalAlcoholCount: Int = 0,
        totalWaterCount: Int = 0,
        totalStandardDrinks: Double = 0,
        isWarning: Bool = false
    ) {
        self.waterlineValue = waterlineValue
        self.alcoholCountSinceLastWater = alcoholCountSinceLastWater
        self.totalAlcoholCount = totalAlcoholCount
        self.totalWaterCount = totalWaterCount
        self.totalStandardDrinks = totalStandardDrinks
        self.isWarning = isWarning
    }

    /// The state of a session with no logs: centred, nothing counted.
    public static let empty = WaterlineState()
}
