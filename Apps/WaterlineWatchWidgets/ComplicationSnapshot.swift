import Foundation
import WaterlineCore

/// What the complication draws, kept in the watch's App Group defaults: the watch app writes it
/// when what the face shows changed (`ComplicationReloader`, the plan's widget reload), the
/// complication only reads it. Compiled into both.
enum ComplicationSnapshot {
    static let key = "waterline.watch.widget"
    static var defaults: UserDefaults { UserDefaults(suiteName: "group.com.waterline.app") ?? .standard }

    static func load() -> WidgetSnapshot? {
        defaults.data(forKey: key).flatMap { try? WaterlineCoding.decoder().decode(WidgetSnapshot.self, from: $0) }
    }

    static func save(_ snapshot: WidgetSnapshot) {
        guard let data = try? WaterlineCoding.encoder(pretty: false).encode(snapshot) else { return }
        defaults.set(data, forKey: key)
    }
}
