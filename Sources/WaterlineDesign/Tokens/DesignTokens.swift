/// Waterline's design tokens: the calm palette (light and dark), spacing and corner radii.
/// The app's `Palette` and `Metrics` read these values; the kit's tests check the contrast of
/// every pairing the screens use against WCAG AA.
public enum DesignTokens {
    // MARK: Colours

    /// The water colour: the gauge at rest, water marks, primary buttons.
    public static let calm = ColorToken("calm", light: 0x00687A, dark: 0x5CCFE0)
    /// The calm warning: the gauge past the threshold, the chart's band. Amber, never red.
    public static let warning = ColorToken("warning", light: 0x9A4A00, dark: 0xFFB45C)
    /// The screen behind everything.
    public static let background = ColorToken("background", light: 0xFFFFFF, dark: 0x000000)
    /// Cards and grouped rows on the background.
    public static let surface = ColorToken("surface", light: 0xF1F4F6, dark: 0x1B1E21)
    /// Titles, values, body text.
    public static let textPrimary = ColorToken("textPrimary", light: 0x101418, dark: 0xF2F5F7)
    /// Captions, secondary lines, the centre line.
    public static let textSecondary = ColorToken("textSecondary", light: 0x4D5762, dark: 0xA8B2BC)
    /// Text on a calm-filled button.
    public static let onCalm = ColorToken("onCalm", light: 0xFFFFFF, dark: 0x00232A)

    public static let colors = [calm, warning, background, surface, textPrimary, textSecondary, onCalm]

    /// A foreground drawn on a background somewhere in the app, and the contrast it needs.
    public struct Pairing: Hashable, Sendable {
        public var foreground: ColorToken
        public var background: ColorToken
        /// 4.5 for text (WCAG AA), 3 for large text and controls.
        public var minimum: Double
    }

    /// Every pairing the screens, widgets and watch use.
    public static let pairings: [Pairing] = [
        Pairing(foreground: textPrimary, background: background, minimum: 4.5),
        Pairing(foreground: textPrimary, background: surface, minimum: 4.5),
        Pairing(foreground: textSecondary, background: background, minimum: 4.5),
        Pairing(foreground: textSecondary, background: surface, minimum: 4.5),
        // The gauge's value and the "past the threshold" line are text in these colours.
        Pairing(foreground: calm, background: background, minimum: 4.5),
        Pairing(foreground: calm, background: surface, minimum: 4.5),
        Pairing(foreground: warning, background: background, minimum: 4.5),
        Pairing(foreground: warning, background: surface, minimum: 4.5),
        Pairing(foreground: onCalm, background: calm, minimum: 4.5),
    ]

    // MARK: Spacing and shape (points)

    public enum Spacing {
        public static let xxxSmall = 2.0
        public static let xxSmall = 4.0
        public static let xSmall = 8.0
        public static let small = 12.0
        public static let medium = 16.0
        public static let large = 24.0
        public static let xLarge = 32.0
    }

    public enum Radius {
        public static let small = 8.0
        public static let medium = 14.0
        public static let large = 22.0
    }

    /// Sizes of controls and drawings (points).
    public enum Size {
        /// The smallest height a control is tapped at (Apple's Human Interface Guidelines: 44 pt).
        public static let tapTarget = 44.0
        /// "+ Drink", "+ Water", "Start Session", Sign in with Apple.
        public static let primaryButton = 52.0
        /// The Waterline gauge on Home, and in Siri's snippet.
        public static let gaugeLarge = 140.0
        public static let gaugeSmall = 96.0
        /// The session's chart.
        public static let chartMinimum = 160.0
        /// A line that marks without weighing (the chart's centre line).
        public static let hairline = 1.0
    }
}
