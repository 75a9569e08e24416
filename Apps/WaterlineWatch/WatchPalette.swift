import SwiftUI
import WaterlineCore
import WaterlineScreens

/// The watch's colours: the design tokens' dark values (the watch is always dark).
enum WatchPalette {
    static let calm = Color(dark: DesignTokens.calm)
    static let warning = Color(dark: DesignTokens.warning)
}

extension Color {
    init(dark token: ColorToken) {
        self.init(red: token.dark.red, green: token.dark.green, blue: token.dark.blue)
    }
}
