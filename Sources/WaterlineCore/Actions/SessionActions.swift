import Foundation

/// The one door through which every change is made, and where the screens read. Screen
/// models, intents, the watch, notifications and the command line hold one of these (the
/// runtime), never the service or the store, so no caller can make a change and forget one of
/// its consequences.
@MainActor
public protocol SessionActions: AnyObject {
    /// Makes a change and carries out every consequence (reminders, Live Activity, widgets, the
    /// watch, sync, the open screens) before returning what it did; `origin` says where the
    /// person acted. Throws when it is refused; nothing is written then.
    @discardableResult
    func send(_ action: SessionAction, from origin: ActionOrigin) async throws -> ActionResult

    /// Where sync stands (the cloud indicator, the count of refused changes in Settings).
    var syncStatus: SyncStatus { get }

    /// Every change to the store, from any process, with the state it left.
    var screenUpdates: ScreenUpdates { get }

    /// The reads the screens need, on the same store and clock as the changes.
    var reader: any SessionReading { get }
}

extension SessionActions {
    /// A change made on a screen (the app's or the watch app's).
    @discardableResult
    public func send(_ action: SessionAction) async throws -> ActionResult {
        try await send(action, from: .screen)
    }
}
