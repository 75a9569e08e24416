import SwiftUI

/// The type scale: every role on a text style, so Dynamic Type scales it (to the largest
/// accessibility sizes); rounded digits for the Waterline's numbers.
enum Typography {
    /// The gauge's value and the summary's final Waterline.
    static let hero = Font.system(.largeTitle, design: .rounded).weight(.semibold)
    /// Counts beside the gauge, banner titles.
    static let emphasis = Font.headline
    static let body = Font.body
    /// The warning line, secondary details.
    static let detail = Font.subheadline
    /// Timers, chips' estimates, footnotes.
    static let small = Font.caption
}
