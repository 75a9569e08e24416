#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI

/// The type scale: every role on a text style, so Dynamic Type scales it (to the largest
/// accessibility sizes); rounded digits for the Waterline's numbers.
public enum Typography {
    /// The gauge's value and the summary's final Waterline.
    public static let hero = Font.system(.largeTitle, design: .rounded).weight(.semibold)
    /// Counts beside the gauge, banner titles.
    public static let emphasis = Font.headline
    public static let body = Font.body
    /// The warning line, secondary details.
    public static let detail = Font.subheadline
    /// Timers, chips' estimates, footnotes.
    public static let small = Font.caption
    /// The large symbol at the top of an onboarding page: on a text style, so it scales with
    /// Dynamic Type, drawn at the symbol's large scale (`.imageScale(.large)` beside it).
    public static let illustration = Font.system(.largeTitle).weight(.light)
}
#endif
