#if os(iOS)
import SwiftUI
import UIKit
import WaterlineCore

extension Color {
    /// A token's light or dark value, following the appearance as it changes.
    public init(token: ColorToken) {
        self.init(uiColor: UIColor { traits in
            let value = traits.userInterfaceStyle == .dark ? token.dark : token.light
            return UIColor(red: value.red, green: value.green, blue: value.blue, alpha: 1)
        })
    }
}
#endif
