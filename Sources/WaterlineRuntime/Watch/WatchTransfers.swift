import Foundation
import WaterlineAPI

/// The watch's changes handed to WatchConnectivity for a phone it could not message
/// (`transferUserInfo`), until the phone says it took them (`PhoneDelivery.taken`) or a live push
/// settles them. The system delivers a transfer once and then forgets it, so this ledger, not
/// the system's list of outstanding transfers, says what was already sent: every push tried
/// while the phone is away (each notification's "Log Water" with the app closed) queues only
/// what is new. It outlives the watch app's process, kept as a journal (a line a step: what was
/// handed over, what was taken), so a step costs its own changes however long the ledger.
public actor WatchTransfers {
    /// One line of the journal.
    private struct Step: Codable {
        var handed: [SyncPayload]?
        var taken: [SyncPayload]?
    }

    private let storage: any LinkLedgerStorage
    /// Handed over and not yet taken, oldest first.
    private var handedOver = TransferQueue()
    /// Lines in the journal: once far past what it holds, it is written again whole.
    private var lines = 0
    /// The last place the phone was asked to deliver again from, so a run of deliveries after one
    /// gap asks once.
    private var resendAsked: Int?
    /// One encoder for every line (a change made away from the phone writes one).
    private let encoder = JSONEncoder()

    public init(storage: any LinkLedgerStorage) {
        self.storage = storage
        for line in (storage.load() ?? Data()).split(separator: UInt8(ascii: "\n")) {
            // A line cut short by a process ended mid-write is the last, and is passed over.
            guard let step = try? JSONDecoder().decode(Step.self, from: Data(line)) else { continue }
            _ = handedOver.add(step.handed ?? [])
            handedOver.take(step.taken ?? [])
            lines += 1
        }
    }

    /// Transfers what of `changes` was not handed over already (`TransferQueue`), cancelling the
    /// outstanding transfers a newer version replaces; returns how many it transferred.
    @discardableResult
    public func queue(_ changes: [SyncPayload], on link: any PhoneLink) async -> Int {
        let plan = handedOver.add(changes)
        guard !plan.transfer.isEmpty else { return 0 }
        record(Step(handed: plan.transfer, taken: plan.cancel.isEmpty ? nil : plan.cancel))
        await link.transfer(plan.transfer.map { .push(PushBatch(changes: [$0])) }, cancelling: plan.cancel)
        return plan.transfer.count
    }

    /// The phone has these versions (it took the transfer, or answered a live push): they are
    /// never transferred again, and a newer version goes as a change of its own. Returns those of
    /// them that had been handed over.
    @discardableResult
    public func taken(_ changes: [SyncPayload]) -> [SyncPayload] {
        let handed = handedOver.take(changes)
        guard !handed.isEmpty else { return [] }
        record(Step(taken: handed))
        return handed
    }

    /// Asks the phone, by transfer, to deliver again after `place`, once for each place.
    public func askResend(after place: Int, on link: any PhoneLink) async {
        guard resendAsked != place else { return }
        resendAsked = place
        await link.transfer([.resend(after: place)], cancelling: [])
    }

    /// What waits to be taken, oldest first.
    public var waiting: [SyncPayload] { handedOver.waiting }

    /// Adds `step` to the journal; once it holds four times as many lines as the ledger has
    /// entries (and more than a few), it is written again as one line.
    private func record(_ step: Step) {
        if lines > max(16, handedOver.count * 4) {
            guard let whole = try? encoder.encode(Step(handed: handedOver.waiting)) else { return }
            storage.save(whole + Data("\n".utf8))
            lines = 1
            return
        }
        guard let line = try? encoder.encode(step) else { return }
        storage.append(line + Data("\n".utf8))
        lines += 1
    }
}
