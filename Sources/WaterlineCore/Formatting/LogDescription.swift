/// How a log entry reads in a timeline or a widget.
public enum LogDescription {
    /// "Beer · 12 oz · 1 std", "Water · 237 ml".
    public static func title(for log: LogEntry, units: Units) -> String {
        switch log.type {
        case .alcohol:
            let meta = log.alcoholMeta ?? .standardDrink
            let size = VolumeConversion.format(ounces: meta.sizeOz, in: units)
            return KitText.string(KitStrings.logDrink, .text(meta.drinkType.displayName), .text(size), .text(WaterlineFormat.value(meta.standardDrinkEstimate)))
        case .water:
            return KitText.string(KitStrings.logWater, .text(VolumeConversion.format(ounces: log.waterMeta?.amountOz ?? 0, in: units)))
        }
    }
}
