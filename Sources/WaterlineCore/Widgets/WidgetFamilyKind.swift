/// The widget sizes Waterline offers, named as WidgetKit names them.
public enum WidgetFamilyKind: String, CaseIterable, Sendable {
    case accessoryRectangular, accessoryCircular, accessoryInline
    case systemSmall, systemMedium, systemLarge

    /// Lock Screen families are seen by anyone near the phone.
    public var isLockScreen: Bool {
        switch self {
        case .accessoryRectangular, .accessoryCircular, .accessoryInline: true
        case .systemSmall, .systemMedium, .systemLarge: false
        }
    }
}
