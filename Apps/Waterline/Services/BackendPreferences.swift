import Foundation
import WaterlineCore

/// Where this iPhone syncs: the build's `WaterlineBackendURL` (set from the `WATERLINE_BACKEND_URL`
/// build setting; empty by default), or the address the person chose in Settings, kept in the App
/// Group's defaults. With neither, sync is off and no sign-in is offered.
@MainActor
final class BackendPreferences: BackendChoosing {
    nonisolated private static let key = "backendURL"

    var backendURL: URL? { Self.current() }

    /// http to this device is for development builds only (a `waterline-server` on the Mac).
    var allowsLoopbackHTTP: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    func chooseBackend(_ url: URL?) {
        Self.defaults.set(url?.absoluteString, forKey: Self.key)
    }

    /// The address sync uses now, read from any thread (the client reads it at each call).
    nonisolated static func current() -> URL? {
        let chosen = defaults.string(forKey: key).flatMap(URL.init(string:))
        return BackendAddress.effective(chosen: chosen, build: build())
    }

    nonisolated private static func build() -> URL? {
        #if DEBUG
        let loopback = true
        #else
        let loopback = false
        #endif
        return BackendAddress.fromBuildSetting(Bundle.main.object(forInfoDictionaryKey: "WaterlineBackendURL") as? String, allowsLoopbackHTTP: loopback)
    }

    nonisolated private static var defaults: UserDefaults { UserDefaults(suiteName: "group.com.waterline.app") ?? .standard }
}
