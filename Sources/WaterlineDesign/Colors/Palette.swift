#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI

/// Every colour Waterline draws with, on the iPhone, its widgets and Live Activity, the watch and
/// its complication: the `DesignTokens` (light and dark; their contrast is checked by the kit's
/// tests), the water colour at rest, amber when the Waterline asks for water, and the system's
/// own adaptive colours where a surface must follow its host (a widget's tinted rendering, the
/// Live Activity's backdrop). No view names a colour of its own.
public enum Palette {
    public static let calm = Color(token: DesignTokens.calm)
    public static let warning = Color(token: DesignTokens.warning)
    public static let background = Color(token: DesignTokens.background)
    public static let card = Color(token: DesignTokens.surface)
    public static let textPrimary = Color(token: DesignTokens.textPrimary)
    public static let textSecondary = Color(token: DesignTokens.textSecondary)
    public static let onCalm = Color(token: DesignTokens.onCalm)
    public static let centerLine = Color(token: DesignTokens.textSecondary)

    /// The Waterline's level: calm, or amber past the threshold.
    public static func level(isWarning: Bool) -> Color {
        isWarning ? warning : calm
    }

    /// A widget's headline: amber past the threshold, else the host's primary text colour (so a
    /// tinted or vibrant rendering keeps it legible).
    public static func widgetHeadline(isWarning: Bool) -> Color {
        isWarning ? warning : .primary
    }

    /// The Live Activity on the Lock Screen: a dark backdrop, and light text on it.
    public static let liveActivityBackdrop = Color.black.opacity(0.6)
    public static func liveActivityHeadline(isWarning: Bool) -> Color {
        isWarning ? warning : .white
    }
}
#endif
