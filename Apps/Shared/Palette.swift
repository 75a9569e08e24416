#if os(iOS)
import SwiftUI
import WaterlineCore

/// Calm colours from `DesignTokens` (light and dark; their contrast is checked by the kit's
/// tests): the water colour at rest, amber when the Waterline asks for water.
public enum Palette {
    public static let calm = Color(token: DesignTokens.calm)
    public static let warning = Color(token: DesignTokens.warning)
    public static let background = Color(token: DesignTokens.background)
    public static let card = Color(token: DesignTokens.surface)
    public static let textPrimary = Color(token: DesignTokens.textPrimary)
    public static let textSecondary = Color(token: DesignTokens.textSecondary)
    public static let onCalm = Color(token: DesignTokens.onCalm)
    public static let centerLine = Color(token: DesignTokens.textSecondary)
}
#endif
