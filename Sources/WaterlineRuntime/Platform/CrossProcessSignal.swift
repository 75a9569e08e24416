import WaterlineCore

/// Tells the app's process that another process (an intent or widget extension) wrote to the
/// shared store; the app wraps a Darwin notification.
@MainActor
public protocol CrossProcessSignal: AnyObject {
    func post()
}
