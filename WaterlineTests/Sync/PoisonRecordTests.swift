import Foundation
import Testing
@testable import WaterlineAPI
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineSync
import WaterlineTestSupport

/// A record the device cannot read, or may not keep, from a backend that stored it: set aside
/// and counted, while the rest of the page and the push go on.
@Suite("Records set aside from a pull")
struct PoisonRecordTests {
    let session = SessionRecord(
        id: UUID(number: 0x900), startTime: Fixed.start, endTime: Fixed.start.addingTimeInterval(3600), isActive: false,
        updatedAt: Fixed.start.addingTimeInterval(3600)
    )

    /// A page as JSON objects, so a change can be of any shape.
    static func page(_ changes: [Any], cursor: Int, hasMore: Bool) throws -> ScriptedTransport.Answer {
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": ["changes": changes, "cursor": cursor, "hasMore": hasMore]])
        return .json(200, String(decoding: data, as: UTF8.self))
    }

    static func object(_ change: SyncPayload) throws -> Any {
        try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(change))
    }

    @Test("a log whose preset id is 200 KB, and one of an unknown drink, are set aside; the page's other records and this device's push go through")
    func poisonInPage() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        _ = try await harness.service.logWater(source: .phone)
        let good = LogEntry.water(id: UUID(number: 0x901), sessionId: session.id, at: Fixed.start.addingTimeInterval(60), amountOz: 8)
        var huge = try Self.object(.logEntry(.alcohol(
            id: UUID(number: 0x902), sessionId: session.id, at: Fixed.start.addingTimeInterval(90), AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1)
        ))) as! [String: Any]
        var record = huge["record"] as! [String: Any]
        var meta = record["alcoholMeta"] as! [String: Any]
        meta["presetId"] = String(repeating: "p", count: 200_000)
        record["alcoholMeta"] = meta
        huge["record"] = record
        var unknown = try Self.object(.logEntry(.alcohol(
            id: UUID(number: 0x903), sessionId: session.id, at: Fixed.start.addingTimeInterval(120), AlcoholMeta(drinkType: .wine, sizeOz: 5, abv: 12, standardDrinkEstimate: 1)
        ))) as! [String: Any]
        var unknownRecord = unknown["record"] as! [String: Any]
        var unknownMeta = unknownRecord["alcoholMeta"] as! [String: Any]
        unknownMeta["drinkType"] = "absinthe"
        unknownRecord["alcoholMeta"] = unknownMeta
        unknown["record"] = unknownRecord

        let transport = ScriptedTransport(
            [try Self.page([try Self.object(.session(session)), huge, unknown, try Self.object(.logEntry(good)), ["entity": "mystery"]], cursor: 7, hasMore: false)],
            fallback: ScriptedTransport.echo
        )
        let sync = SyncEngineTests().engine(transport, store: harness.store)
        let report = await sync.pull()

        #expect(report.status.setAsideCount == 3)
        #expect(report.status.lastError?.contains("3 changes from the server could not be read or kept here and were set aside") == true)
        #expect(try await harness.store.logs(sessionId: session.id).map(\.id) == [good.id])
        #expect(try await harness.store.syncCursor()?.position == 7, "the page was taken; the next pull goes on after it")
        #expect(transport.paths.contains("sync:push"), "the device's own changes still went up")
        #expect(report.status.pendingCount == 0)
        #expect(report.status.phase == .synced)
    }

    @Test("new live records past the quotas are set aside: a session's 1,000 logs, an account's 100 presets; tombstones and edits still arrive")
    func pastQuotas() async throws {
        let harness = try await ServiceHarness.prepared()
        let logs = (0..<1_002).map { index in
            LogEntry.water(id: UUID(), sessionId: session.id, at: Fixed.start.addingTimeInterval(Double(index)), amountOz: 8)
        }
        var undone = LogEntry.water(id: UUID(), sessionId: session.id, at: Fixed.start, amountOz: 8)
        undone.deletedAt = Fixed.start.addingTimeInterval(10)
        undone.updatedAt = Fixed.start.addingTimeInterval(10)
        var edited = logs[0]
        edited.waterMeta = WaterMeta(amountOz: 12)
        edited.updatedAt = Fixed.start.addingTimeInterval(3_000)
        let presetsHere = try await harness.store.presets().filter { $0.deletedAt == nil }.count
        let presets = (0..<(Limits.presetsPerAccount - presetsHere + 3)).map { index in
            PresetRecord(id: UUID(), name: "Preset \(index)", drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1, sortOrder: 10 + index, updatedAt: Fixed.start)
        }
        let first: [SyncPayload] = [.session(session)] + logs.prefix(999).map { .logEntry($0) }
        let second: [SyncPayload] = logs.dropFirst(999).map { .logEntry($0) } + [.logEntry(undone), .logEntry(edited)] + presets.map { .preset($0) }
        let transport = ScriptedTransport(
            [try SyncEngineTests.page(first, cursor: 1_000, hasMore: true), try SyncEngineTests.page(second, cursor: 2_000, hasMore: false)],
            fallback: ScriptedTransport.echo
        )
        let report = await SyncEngineTests().engine(transport, store: harness.store).pull()

        let kept = try await harness.store.logs(sessionId: session.id)
        #expect(kept.filter { !$0.isDeleted }.count == Limits.logsPerSession)
        #expect(kept.first { $0.id == edited.id }?.waterMeta?.amountOz == 12, "an edit to a record already here has room")
        #expect(try await harness.store.presets().filter { $0.deletedAt == nil }.count == Limits.presetsPerAccount)
        // Two logs and three presets past the quotas.
        #expect(report.status.setAsideCount == 5)
    }
}
