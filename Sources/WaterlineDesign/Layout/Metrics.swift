#if canImport(CoreGraphics)
import CoreGraphics

/// Spacing and corner radii from `DesignTokens`, as the views take them.
public enum Metrics {
    public static let spacingXS = CGFloat(DesignTokens.Spacing.xSmall)
    public static let spacingS = CGFloat(DesignTokens.Spacing.small)
    public static let spacingM = CGFloat(DesignTokens.Spacing.medium)
    public static let spacingL = CGFloat(DesignTokens.Spacing.large)
    public static let radiusM = CGFloat(DesignTokens.Radius.medium)
    public static let radiusL = CGFloat(DesignTokens.Radius.large)
}
#endif
