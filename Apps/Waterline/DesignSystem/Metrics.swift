import CoreGraphics
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Spacing and corner radii from `DesignTokens`, as the views take them.
enum Metrics {
    static let spacingXS = CGFloat(DesignTokens.Spacing.xSmall)
    static let spacingS = CGFloat(DesignTokens.Spacing.small)
    static let spacingM = CGFloat(DesignTokens.Spacing.medium)
    static let spacingL = CGFloat(DesignTokens.Spacing.large)
    static let radiusM = CGFloat(DesignTokens.Radius.medium)
    static let radiusL = CGFloat(DesignTokens.Radius.large)
}
