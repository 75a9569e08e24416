/// How a log entry reads in a timeline or a widget.
public enum LogDescription {
    /// "Beer · 12 oz · 1 std", "Water · 237 ml".
    public static func title(for log: LogEntry, units: Units) -> String {
        switch log.type {
        case .alcohol:
            let meta = log.alcoholMeta ?? .standardDrink
            let size = VolumeConversion.format(ounces: meta.sizeOz, in: units)
            return "\(meta.drinkType.displayName) · \(size) · \(WaterlineFormat.value(meta.standardDrinkEstimate)) std"
        case .water:
            return "Water · \(VolumeConversion.format(ounces: log.waterMeta?.amountOz ?? 0, in: units))"
        }
    }
}
