import Foundation
import Testing
@testable import WaterlineKit

@Suite("Outbox and merge rules")
struct OutboxTests {
    @Test("several changes to one record coalesce and keep their first place")
    func coalesce() {
        var outbox = Outbox()
        let session = Fixed.session()
        outbox.enqueue(.session(SessionRecord(session)))
        outbox.enqueue(.logEntry(Fixed.drink(1, at: 1)))
        var ended = session
        ended.isActive = false
        outbox.enqueue(.session(SessionRecord(ended)))
        #expect(outbox.ordered.map(\.id.entity) == [.session, .logEntry])
        #expect(outbox.ordered.first?.revision == 2)
        #expect(outbox.ordered.first?.payload == .session(SessionRecord(ended)))
    }

    @Test("an acknowledgement of an older revision keeps the newer edit")
    func staleAcknowledgement() {
        var outbox = Outbox()
        var log = Fixed.drink(1, at: 1)
        outbox.enqueue(.logEntry(log))
        let pushed = outbox.ordered[0]
        log.alcoholMeta?.standardDrinkEstimate = 2
        outbox.enqueue(.logEntry(log))
        outbox.complete(pushed.id, revision: pushed.revision)
        #expect(outbox.ordered.count == 1)
        outbox.complete(pushed.id, revision: pushed.revision + 1)
        #expect(outbox.ordered.isEmpty)
    }

    @Test("a refused change stays, marked, until the record changes again")
    func failure() {
        var outbox = Outbox()
        outbox.enqueue(.logEntry(Fixed.drink(1, at: 1)))
        let change = outbox.ordered[0]
        outbox.fail(change.id, revision: change.revision, reason: "INVALID_ARGUMENT")
        #expect(outbox.ordered.first?.isFailed == true)
        outbox.enqueue(.logEntry(Fixed.drink(1, at: 2)))
        #expect(outbox.ordered.first?.isFailed == false)
    }

    @Test("last write wins; a tie keeps what is there; deleting is final")
    func stamps() {
        let live = Stamp(updatedAt: Fixed.at(minutes: 10), deletedAt: nil)
        #expect(live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 11), deletedAt: nil)))
        #expect(!live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 10), deletedAt: nil)))
        #expect(!live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 9), deletedAt: nil)))
        #expect(live.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 5), deletedAt: Fixed.at(minutes: 5))), "delete wins over an older edit")
        let tombstone = Stamp(updatedAt: Fixed.at(minutes: 5), deletedAt: Fixed.at(minutes: 5))
        #expect(!tombstone.isReplaced(by: Stamp(updatedAt: Fixed.at(minutes: 99), deletedAt: nil)), "a late upsert cannot resurrect")
    }

    @Test("the store merges remote versions without queueing them, and drops a local change a newer remote replaced")
    func applyRemote() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        let log = try #require(try await harness.service.quickLog(.water, source: .phone).changedLog)
        let pendingBefore = await harness.store.pendingChanges().count
        var remote = log
        remote.waterMeta = WaterMeta(amountOz: 16)
        remote.updatedAt = log.updatedAt.addingTimeInterval(60)
        #expect(try await harness.store.applyRemote(.logEntry(remote)))
        #expect(await harness.store.log(id: log.id)?.waterMeta?.amountOz == 16)
        #expect(await harness.store.pendingChanges().count == pendingBefore - 1)
        var older = log
        older.updatedAt = log.updatedAt.addingTimeInterval(-60)
        #expect(try await !harness.store.applyRemote(.logEntry(older)))
    }

    @Test("every action leaves its records in the outbox, in order")
    func actionsQueue() async throws {
        let harness = try await ServiceHarness.prepared()
        _ = try await harness.service.startSession()
        _ = try await harness.service.quickLog(.alcohol, source: .phone)
        let pending = await harness.store.pendingChanges().map(\.id.entity)
        #expect(pending == [.settings, .preset, .preset, .preset, .preset, .preset, .session, .logEntry])
    }

    @Test("pending changes survive as JSON")
    func codable() throws {
        let change = PendingChange(payload: .logEntry(.mockDouble), sequence: 7, revision: 3)
        let data = try WaterlineCoding.encoder().encode(change)
        #expect(try WaterlineCoding.decoder().decode(PendingChange.self, from: data) == change)
        #expect(String(decoding: data, as: UTF8.self).contains("\"entity\" : \"logEntry\""))
    }
}
