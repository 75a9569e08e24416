import SwiftUI

/// The watch app's entry point. Its screens (two-tap logging, nudges, ending a session) come
/// with the watch issue; until then it says where to log.
@main
struct WaterlineWatchApp: App {
    var body: some Scene {
        WindowGroup {
            VStack(spacing: 8) {
                Image(systemName: "drop.circle").font(.largeTitle)
                Text("Log from your iPhone for now.").multilineTextAlignment(.center)
            }
        }
    }
}
