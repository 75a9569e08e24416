/// Asks the sync engine to push soon; the change itself is already in the store's outbox.
@MainActor
public protocol SyncTrigger: AnyObject {
    func syncSoon()
}
