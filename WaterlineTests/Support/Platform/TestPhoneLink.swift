import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// WatchConnectivity between a watch and its phone, in memory: a message reaches the phone's
/// runtime as `sendMessage` would deliver it (the phone answering in the reply) while the phone is
/// in reach; out of reach the call fails, and a write is queued as `transferUserInfo` would keep
/// it, delivered (without a reply) when `deliverQueued()` says the phone is back.
@MainActor
final class TestPhoneLink: PhoneLink {
    /// The phone's app, started in the background by each message if need be.
    var phone: AppRuntime?
    var isReachable = true
    /// Every message is delivered twice (a reply lost and the message sent again, or both
    /// `sendMessage` and the queued copy arriving): the phone must take each change once.
    var deliversTwice = false
    private(set) var queued: [Data] = []

    func exchange(_ message: Data, queueIfAway: Bool) async throws -> Data {
        guard isReachable, let phone else {
            if queueIfAway { queued.append(message) }
            throw ConvexError.offline("the iPhone is out of reach")
        }
        if deliversTwice { _ = await phone.watchMessageReceived(message, replying: true) }
        guard let reply = await phone.watchMessageReceived(message, replying: true) else {
            throw ConvexError.offline("no reply")
        }
        return reply
    }

    /// The phone came back: the queue is handed over, in order, with no reply to anyone.
    func deliverQueued() async {
        guard let phone else { return }
        let waiting = queued
        queued = []
        for message in waiting { _ = await phone.watchMessageReceived(message, replying: false) }
    }
}
