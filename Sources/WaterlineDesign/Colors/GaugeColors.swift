#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI

/// The colours `BalanceGauge` draws with: the level at rest and past the threshold, the empty
/// track and the centre line ("balanced").
public struct GaugeColors: Sendable {
    public var calm: Color
    public var warning: Color
    public var track: Color
    public var center: Color

    public init(calm: Color, warning: Color, track: Color, center: Color) {
        self.calm = calm
        self.warning = warning
        self.track = track
        self.center = center
    }

    /// A widget's: the track and centre line in the host's colours, which follow its rendering.
    public static let widget = GaugeColors(calm: Palette.calm, warning: Palette.warning, track: Color.secondary.opacity(0.2), center: Color.primary.opacity(0.6))
    /// The watch's: on its black face.
    public static let watch = GaugeColors(calm: Palette.calm, warning: Palette.warning, track: Color.white.opacity(0.15), center: Color.white.opacity(0.7))
}
#endif
