/// What the watch face shows: the phone's snapshot with the watch's own unconfirmed logs on top.
public struct WatchDisplay: Hashable, Sendable {
    public var hasSession: Bool
    public var waterlineValue: Double
    public var drinks: Int
    public var water: Int
    public var isWarning: Bool
    public var warningThreshold: Int
    /// Logs the phone has not confirmed yet (shown, and marked as pending).
    public var unconfirmed: Int

    public init(hasSession: Bool, waterlineValue: Double, drinks: Int, water: Int, isWarning: Bool, warningThreshold: Int, unconfirmed: Int) {
        self.hasSession = hasSession
        self.waterlineValue = waterlineValue
        self.drinks = drinks
        self.water = water
        self.isWarning = isWarning
        self.warningThreshold = warningThreshold
        self.unconfirmed = unconfirmed
    }

    public var gauge: GaugeDisplay { GaugeDisplay(value: waterlineValue, threshold: warningThreshold, isWarning: isWarning) }

    public static let noSession = WatchDisplay(
        hasSession: false, waterlineValue: 0, drinks: 0, water: 0, isWarning: false, warningThreshold: 2, unconfirmed: 0
    )
}
