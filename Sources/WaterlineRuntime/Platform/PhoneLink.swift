import Foundation

/// The watch's end of the link to its phone, as the watch's sync uses it; the watch app wraps
/// `WCSession`. Called from the sync engine, off the main actor.
public protocol PhoneLink: Sendable {
    /// Sends `message` to the phone and returns its reply; throws when the phone is out of reach
    /// or does not answer. With `queueIfAway`, a message that could not go at once is also queued
    /// (`transferUserInfo`), so the phone takes it in when it is next in reach even if the watch
    /// app is not running then; it is sent again later all the same (the phone takes it once).
    func exchange(_ message: Data, queueIfAway: Bool) async throws -> Data
}
