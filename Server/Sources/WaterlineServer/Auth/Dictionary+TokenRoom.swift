import Foundation

extension Dictionary where Value == VerifiedToken {
    /// Makes room for one more token when `capacity` is reached: expired tokens go first, and if
    /// live ones still fill it (a flood of sign-ins) everything goes rather than growing.
    mutating func makeRoom(capacity: Int, now: Date) {
        guard count >= capacity else { return }
        self = filter { $0.value.expiresAt > now }
        if count >= capacity { removeAll(keepingCapacity: true) }
    }
}
