import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// WatchConnectivity between a watch and its phone, in memory, as the system keeps it: a request
/// reaches the phone's runtime as `sendMessage` would deliver it (encoded, the phone answering in
/// the reply) while the phone is in reach, and fails when it is not. Transfers
/// (`transferUserInfo`) wait first in, first out, each change once (`TransferQueue`, cancelling
/// what a newer one replaces), and are delivered once each, in order, without a reply, when
/// `deliverQueued()` says the phone is back.
@MainActor
final class TestPhoneLink: PhoneLink {
    /// The phone's app, started in the background by each message if need be.
    var phone: AppRuntime?
    var isReachable = true
    /// Every message and transfer is delivered twice (a reply lost and the message sent again, or
    /// a transfer repeated): the phone must take each change once.
    var deliversTwice = false
    /// Transfers waiting for the phone, oldest first: one change each.
    private(set) var queued: [SyncPayload] = []
    /// Transfers cancelled because a newer version of their record replaced them.
    private(set) var cancelled = 0
    /// Every transfer ever queued.
    private(set) var transfers = 0
    /// The changes each pull's page carried, in order.
    private(set) var pulledPages: [[SyncPayload]] = []

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        guard isReachable, let phone else { throw ConvexError.offline("the iPhone is out of reach") }
        let message = try WatchMessage.request(request).encoded()
        if deliversTwice { _ = await phone.handle(.watchMessage(message, replying: true)) }
        guard let reply = await phone.handle(.watchMessage(message, replying: true)),
              case .answer(let answer)? = try WatchMessage.decodeIfKnown(reply)
        else { throw ConvexError.offline("no reply") }
        if case .page(let page) = answer { pulledPages.append(page.changes) }
        return answer
    }

    func queue(_ changes: [SyncPayload]) async {
        let plan = TransferQueue.plan(outstanding: queued, adding: changes)
        cancelled += plan.cancel.count
        for change in plan.cancel { queued.removeAll { $0 == change } }
        queued += plan.transfer
        transfers += plan.transfer.count
    }

    /// The phone came back: the queue is handed over, in order, each transfer alone, with no reply.
    func deliverQueued() async {
        guard let phone else { return }
        let waiting = queued
        queued = []
        for change in waiting {
            guard let message = try? WatchMessage.request(.push(PushBatch(changes: [change]))).encoded() else { continue }
            _ = await phone.handle(.watchMessage(message, replying: false))
            if deliversTwice { _ = await phone.handle(.watchMessage(message, replying: false)) }
        }
    }
}
