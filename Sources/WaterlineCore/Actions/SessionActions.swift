import Foundation

/// The one door through which every change is made, and the reads the screens need. Screen
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
    var changes: StoreChangeFeed { get }

    /// What every surface shows now.
    func currentState() async throws -> DeviceState
    /// Any night, running or ended, as it stands.
    func session(id: UUID) async throws -> SessionSnapshot
    /// The newest ended nights, newest first.
    func recentSessions(limit: Int) async throws -> [SessionSnapshot]
    /// A page of ended nights after `cursor`, newest first.
    func history(after cursor: HistoryCursor?, limit: Int) async throws -> [Session]
    /// The time every surface uses.
    func now() -> Date
}

extension SessionActions {
    /// A change made on a screen (the app's or the watch app's).
    @discardableResult
    public func send(_ action: SessionAction) async throws -> ActionResult {
        try await send(action, from: .screen)
    }
}
