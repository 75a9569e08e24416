import Foundation
import WaterlineAPI

/// The watch's changes handed to WatchConnectivity for a phone it could not message
/// (`transferUserInfo`), until the phone says it took them (`PhoneDelivery.taken`) or a live push
/// settles them. The system delivers a transfer once and then forgets it, so this ledger, not
/// the system's list of outstanding transfers, says what was already sent: every push tried
/// while the phone is away (each notification's "Log Water" with the app closed) queues only
/// what is new. It outlives the watch app's process.
public actor WatchTransfers {
    private let storage: any LinkLedgerStorage
    /// Handed over and not yet taken, oldest first.
    private var handedOver: [SyncPayload]
    /// The last place the phone was asked to deliver again from, so a run of deliveries after one
    /// gap asks once.
    private var resendAsked: Int?

    public init(storage: any LinkLedgerStorage) {
        self.storage = storage
        handedOver = storage.load().flatMap { try? JSONDecoder().decode([SyncPayload].self, from: $0) } ?? []
    }

    /// Transfers what of `changes` was not handed over already (`TransferQueue`), cancelling the
    /// outstanding transfers a newer version replaces; returns how many it transferred.
    @discardableResult
    public func queue(_ changes: [SyncPayload], on link: any PhoneLink) async -> Int {
        let plan = TransferQueue.plan(outstanding: handedOver, adding: changes)
        guard !plan.transfer.isEmpty else { return 0 }
        handedOver.removeAll { plan.cancel.contains($0) }
        handedOver += plan.transfer
        save()
        await link.transfer(plan.transfer.map { .push(PushBatch(changes: [$0])) }, cancelling: plan.cancel)
        return plan.transfer.count
    }

    /// The phone has these versions (it took the transfer, or answered a live push): they are
    /// never transferred again, and a newer version goes as a change of its own. Returns those of
    /// them that had been handed over.
    @discardableResult
    public func taken(_ changes: [SyncPayload]) -> [SyncPayload] {
        let handed = handedOver.filter { changes.contains($0) }
        guard !handed.isEmpty else { return [] }
        handedOver.removeAll { handed.contains($0) }
        save()
        return handed
    }

    /// Asks the phone, by transfer, to deliver again after `place`, once for each place.
    public func askResend(after place: Int, on link: any PhoneLink) async {
        guard resendAsked != place else { return }
        resendAsked = place
        await link.transfer([.resend(after: place)], cancelling: [])
    }

    /// What waits to be taken, oldest first.
    public var waiting: [SyncPayload] { handedOver }

    private func save() {
        if let data = try? JSONEncoder().encode(handedOver) { storage.save(data) }
    }
}
