import Foundation

/// Where the person's choice of sync server is kept (the app's App Group defaults); Settings
/// changes it only through this.
@MainActor
public protocol BackendChoosing: AnyObject {
    /// The address sync uses now (the person's, else the build's), or nil: sync is off.
    var backendURL: URL? { get }
    /// Whether http to this device is allowed (development builds).
    var allowsLoopbackHTTP: Bool { get }
    /// Keeps the person's address (nil: back to the build's).
    func chooseBackend(_ url: URL?)
}
