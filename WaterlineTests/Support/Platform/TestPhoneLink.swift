import Foundation
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// WatchConnectivity between a watch and its phone, in memory, as watchOS keeps it:
/// - a message (`sendMessage`) reaches the phone's runtime (encoded, the phone answering in the
///   reply) only while the phone is in reach *and* the watch app is in front: a watch app woken
///   in the background is not reachable
///   (https://developer.apple.com/documentation/watchconnectivity/wcsession/isreachable);
/// - transfers (`transferUserInfo`) wait first in, first out, are delivered once each, in order,
///   without a reply, when `deliverQueued()` says the phone is in reach, and can be cancelled
///   while outstanding
///   (https://developer.apple.com/documentation/watchconnectivity/wcsession/transferuserinfo(_:)).
@MainActor
final class TestPhoneLink: PhoneLink {
    /// The phone's app, started in the background by each message if need be.
    var phone: AppRuntime?
    var isReachable = true
    /// Whether the watch app is in front; set by whoever builds the watch.
    var appInFront: () -> Bool = { true }
    /// Every message and transfer is delivered twice (a reply lost and the message sent again, or
    /// a transfer repeated): the phone must take each change once.
    var deliversTwice = false
    /// Transfers waiting for the phone, oldest first.
    private(set) var queued: [LinkRequest] = []
    /// Transfers cancelled because a newer version of their record replaced them.
    private(set) var cancelled = 0
    /// Every transfer ever queued, and each change a push among them carried.
    private(set) var transfers = 0
    private(set) var transferredChanges: [SyncPayload] = []
    /// Every change the phone was handed by transfer, in order (twice when delivered twice).
    private(set) var changesDelivered: [SyncPayload] = []
    /// Messages sent (answered or not), and the pulls among them.
    private(set) var messages = 0
    private(set) var pulls = 0
    /// Messages refused because the watch app was not in front.
    private(set) var refusedInBackground = 0
    /// The changes each pull's page carried, in order.
    private(set) var pulledPages: [[SyncPayload]] = []

    /// The changes of the pushes waiting for the phone, oldest first.
    var queuedChanges: [SyncPayload] {
        queued.flatMap { request -> [SyncPayload] in
            if case .push(let batch) = request { batch.changes } else { [] }
        }
    }

    func send(_ request: LinkRequest) async throws -> LinkAnswer {
        guard isReachable, let phone else { throw ConvexError.offline("the iPhone is out of reach") }
        guard appInFront() else {
            refusedInBackground += 1
            throw ConvexError.offline("the watch app is not in front: the iPhone is not reachable")
        }
        messages += 1
        if case .pull = request { pulls += 1 }
        let message = try WatchMessage.request(request).encoded()
        if deliversTwice { _ = await phone.handle(.watchMessage(message, replying: true)) }
        guard let reply = await phone.handle(.watchMessage(message, replying: true)),
              case .answer(let answer)? = try WatchMessage.decodeIfKnown(reply)
        else { throw ConvexError.offline("no reply") }
        if case .page(let page) = answer { pulledPages.append(page.changes) }
        return answer
    }

    func transfer(_ requests: [LinkRequest], cancelling: [SyncPayload]) async {
        let before = queued.count
        queued.removeAll { request in
            guard case .push(let batch) = request else { return false }
            return batch.changes.contains { cancelling.contains($0) }
        }
        cancelled += before - queued.count
        queued += requests
        transfers += requests.count
        for case .push(let batch) in requests { transferredChanges += batch.changes }
    }

    /// The phone is in reach again: the queue is handed over, in order, each transfer alone, with no reply.
    func deliverQueued() async {
        guard let phone else { return }
        isReachable = true
        while !queued.isEmpty {
            let request = queued.removeFirst()
            if case .push(let batch) = request { changesDelivered += batch.changes }
            guard let message = try? WatchMessage.request(request).encoded() else { continue }
            _ = await phone.handle(.watchMessage(message, replying: false))
            if deliversTwice { _ = await phone.handle(.watchMessage(message, replying: false)) }
        }
    }
}
