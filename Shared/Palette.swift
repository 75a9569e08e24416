import SwiftUI
import WaterlineKit

/// Calm colours from `DesignTokens` (light and dark; their contrast is checked by the kit's
/// tests): the water colour at rest, amber when the Waterline asks for water.
enum Palette {
    static let calm = Color(token: DesignTokens.calm)
    static let warning = Color(token: DesignTokens.warning)
    static let background = Color(token: DesignTokens.background)
    static let card = Color(token: DesignTokens.surface)
    static let textPrimary = Color(token: DesignTokens.textPrimary)
    static let textSecondary = Color(token: DesignTokens.textSecondary)
    static let onCalm = Color(token: DesignTokens.onCalm)
    static let centerLine = Color(token: DesignTokens.textSecondary)
}
