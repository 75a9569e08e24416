import Foundation

/// Tells the open screens that the store changed (in this process, or in another one that
/// signalled), with the state it left, so they show it rather than stale counts and need not
/// read it again. Screens observe with a weak reference; an observer whose screen is gone is dropped.
///
/// It lives on the main actor with the runtime and the screens it tells: telling them costs no
/// trip to another thread and back (a log on the watch tells them every time, screen or none).
@MainActor
public final class ScreenUpdates {
    /// Refreshes one screen; returns false once the screen no longer exists.
    public typealias Observer = @MainActor (StoreChange) async -> Bool

    private var observers: [Observer] = []

    public init() {}

    public func observe(_ observer: @escaping Observer) {
        observers.append(observer)
    }

    /// How many screens are observing (dropped ones are counted until the next `notify`).
    public var observerCount: Int { observers.count }

    /// Refreshes every observing screen and returns when they have all refreshed.
    public func notify(_ change: StoreChange) async {
        let current = observers
        var gone = 0
        var alive: [Observer] = []
        for observer in current {
            if await observer(change) { alive.append(observer) } else { gone += 1 }
        }
        guard gone > 0 else { return }
        // Keep observers added while this notify ran.
        observers = alive + observers.dropFirst(current.count)
    }
}
