#if canImport(SwiftUI) && (os(iOS) || os(watchOS))
import SwiftUI
#if os(iOS)
import UIKit
#endif

extension Color {
    /// A token's colour: on the iPhone its light or dark value, following the appearance as it
    /// changes; on the watch, which is always dark, its dark value.
    public init(token: ColorToken) {
        #if os(iOS)
        self.init(uiColor: UIColor { traits in
            let value = traits.userInterfaceStyle == .dark ? token.dark : token.light
            return UIColor(red: value.red, green: value.green, blue: value.blue, alpha: 1)
        })
        #else
        self.init(red: token.dark.red, green: token.dark.green, blue: token.dark.blue)
        #endif
    }
}
#endif
