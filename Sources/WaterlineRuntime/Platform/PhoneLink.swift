import Foundation
import WaterlineAPI

/// The watch's end of the link to its phone, as the watch's sync uses it; the watch app wraps
/// `WCSession`. Called from the sync engine, off the main actor.
public protocol PhoneLink: Sendable {
    /// Sends `request` to the phone (`sendMessage`) and returns its answer; throws when the phone
    /// is out of reach or does not answer.
    func send(_ request: LinkRequest) async throws -> LinkAnswer
    /// Leaves changes for the phone (`transferUserInfo`), delivered when it is next in reach even
    /// with the watch app not running, each change once (`TransferQueue`). The phone takes them
    /// with no one waiting for its answer; they are pushed again live all the same, and the
    /// phone takes each once.
    func queue(_ changes: [SyncPayload]) async
}
