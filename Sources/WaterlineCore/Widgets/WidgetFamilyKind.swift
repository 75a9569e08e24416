/// The widget sizes Waterline offers, named as WidgetKit names them: the accessory families on the
/// Lock Screen and the watch face (the corner is the watch's alone), the system ones on the Home Screen.
public enum WidgetFamilyKind: String, CaseIterable, Sendable {
    case accessoryRectangular, accessoryCircular, accessoryCorner, accessoryInline
    case systemSmall, systemMedium, systemLarge

    /// Lock Screen and watch face families are seen by anyone near the phone or the wrist.
    public var isLockScreen: Bool {
        switch self {
        case .accessoryRectangular, .accessoryCircular, .accessoryCorner, .accessoryInline: true
        case .systemSmall, .systemMedium, .systemLarge: false
        }
    }

    /// A family with room for the gauge and a short value only.
    var isCompact: Bool { self == .accessoryCircular || self == .accessoryCorner || self == .accessoryInline }
}
