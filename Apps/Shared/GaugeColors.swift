#if os(iOS) || os(watchOS)
import SwiftUI

/// The colours `BalanceGauge` draws with: the level at rest and past the threshold, the empty
/// track and the centre line ("balanced"). The phone's follow the appearance; the watch's are dark.
public struct GaugeColors {
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
}
#endif
