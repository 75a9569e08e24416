/// The glass a "Log Water" pours.
extension UserSettings {
    /// The untouched default glass when the person measures in millilitres: 250 ml, not the
    /// 237 ml that 8 oz would read as.
    public static let metricDefaultGlassMilliliters: Double = 250

    /// The glass of water logged without a size, in ounces: the one the person chose, or, while
    /// they have never chosen one, 8 oz, or 250 ml for someone who measures in millilitres.
    public var waterGlassOz: Double {
        let untouched = stamp(of: .defaultWaterAmountOz) == Self.untouchedStamp && defaultWaterAmountOz == UserSettings().defaultWaterAmountOz
        guard untouched, units == .ml else { return defaultWaterAmountOz }
        return VolumeConversion.ounces(fromMilliliters: Self.metricDefaultGlassMilliliters)
    }
}
