import Foundation
import WaterlineCore

/// Where the Focus filter the system handed the app is kept: the App Group's defaults, so the
/// app, its widgets and its extensions read the same one (`RuntimePlatform.focusFilter`).
public enum FocusFilterStore {
    static let key = "waterline.focusFilter"
    static var defaults: UserDefaults { UserDefaults(suiteName: "group.com.waterline.app") ?? .standard }

    /// The filter holding now; nil when none was ever set (or it cannot be read).
    public static func load() -> FocusFilter? {
        defaults.data(forKey: key).flatMap { try? JSONDecoder().decode(FocusFilter.self, from: $0) }
    }

    public static func save(_ filter: FocusFilter) {
        guard let data = try? JSONEncoder().encode(filter) else { return }
        defaults.set(data, forKey: key)
    }
}
