#if canImport(CoreGraphics)
import CoreGraphics

/// Spacing, corner radii and sizes from `DesignTokens`, as the views take them. No view in `Apps/`
/// writes a number of its own (`DesignModuleTests`).
public enum Metrics {
    public static let spacingXXXS = CGFloat(DesignTokens.Spacing.xxxSmall)
    public static let spacingXXS = CGFloat(DesignTokens.Spacing.xxSmall)
    public static let spacingXS = CGFloat(DesignTokens.Spacing.xSmall)
    public static let spacingS = CGFloat(DesignTokens.Spacing.small)
    public static let spacingM = CGFloat(DesignTokens.Spacing.medium)
    public static let spacingL = CGFloat(DesignTokens.Spacing.large)
    public static let radiusS = CGFloat(DesignTokens.Radius.small)
    public static let radiusM = CGFloat(DesignTokens.Radius.medium)
    public static let radiusL = CGFloat(DesignTokens.Radius.large)
    public static let tapTarget = CGFloat(DesignTokens.Size.tapTarget)
    public static let primaryButtonHeight = CGFloat(DesignTokens.Size.primaryButton)
    public static let gaugeHeightLarge = CGFloat(DesignTokens.Size.gaugeLarge)
    public static let gaugeHeightSmall = CGFloat(DesignTokens.Size.gaugeSmall)
    public static let chartMinimumHeight = CGFloat(DesignTokens.Size.chartMinimum)
    public static let hairline = CGFloat(DesignTokens.Size.hairline)
    /// The dash of a line drawn for reference only (the chart's centre line).
    public static let referenceDash: [CGFloat] = [3, 3]
}
#endif
