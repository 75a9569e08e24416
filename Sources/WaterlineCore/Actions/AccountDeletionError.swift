import Foundation

/// Why deleting the account was refused before anything was deleted.
public enum AccountDeletionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device is signed in with a session the server no longer accepts (expired, or ended
    /// elsewhere): deleting only this device's copy would leave the account and its data on the
    /// server, so nothing is deleted until the person signs in again.
    case signInExpired

    /// The calm sentence the screen shows.
    public var screenMessage: String {
        switch self {
        case .signInExpired: KitText.string(KitStrings.deleteNeedsSignIn)
        }
    }

    public var description: String { screenMessage }
}
