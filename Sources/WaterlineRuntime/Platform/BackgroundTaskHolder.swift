import WaterlineCore

/// Keeps the process alive while a background call finishes its work (the app wraps
/// `UIApplication.beginBackgroundTask`); the runtime ends it only once the work is saved.
@MainActor
public protocol BackgroundTaskHolder: AnyObject {
    /// Begins holding; the token is given back to `end`.
    func begin(_ name: String) -> Int
    func end(_ token: Int)
}
