import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// Last-writer-wins compares the devices' stamps: a stamp from the future is bounded by the
/// server's clock, so a device whose clock runs ahead cannot make later edits elsewhere lose.
@Suite("Stamps against the server's clock")
struct ClockTests {
    @Test("a device a day ahead: its stamp is kept as the server's time plus two minutes, and a later edit elsewhere wins",
          arguments: StorageKind.available)
    func aheadByADay(storage: StorageKind) async throws {
        let clock = ManualClock()
        let server = try await TestServer.start(storage, now: { clock.now })
        defer { Task { await server.stop() } }
        let session = try await server.signIn()
        let api = server.client(token: session.token)
        let start = clock.now.roundedToMilliseconds
        let latest = start.addingTimeInterval(ChangeWriter.futureAllowance)

        var ahead = Records.preset(name: "Ahead")
        ahead.updatedAt = start.addingTimeInterval(86_400)
        let kept = try await api.call(Presets.Upsert.self, ahead)
        #expect(kept.updatedAt == latest, "bounded, not a day ahead")

        // Ten minutes later, another device (its clock right) renames it: that edit wins.
        clock.advance(seconds: 600)
        var renamed = kept
        renamed.name = "Renamed elsewhere"
        renamed.updatedAt = clock.now.roundedToMilliseconds
        #expect(try await api.call(Presets.Upsert.self, renamed).name == "Renamed elsewhere")

        // The same for every record kind, tombstones and batches included.
        let sessionRecord = Records.session(start: 0)
        var sessionAhead = sessionRecord
        sessionAhead.updatedAt = clock.now.addingTimeInterval(86_400)
        #expect(try await api.call(Sessions.Upsert.self, sessionAhead).updatedAt <= clock.now.addingTimeInterval(ChangeWriter.futureAllowance).roundedToMilliseconds)
        let log = try await api.call(LogEntries.Upsert.self, Records.water(session: sessionRecord.id, at: 5))
        let gone = try await api.call(LogEntries.Delete.self, Tombstone(id: log.id, deletedAt: clock.now.addingTimeInterval(86_400)))
        #expect(try #require(gone.deletedAt) <= clock.now.addingTimeInterval(ChangeWriter.futureAllowance).roundedToMilliseconds)
        var settings = UserSettings(waterEveryNDrinks: 3)
        settings.updatedAt = clock.now.addingTimeInterval(86_400)
        let pushed = try await api.call(Sync.Push.self, PushBatch(changes: [.settings(settings)]))
        guard case .settings(let stored)? = pushed.results.first?.change else {
            Issue.record("the settings were not stored: \(pushed.results)")
            return
        }
        #expect(stored.updatedAt <= clock.now.addingTimeInterval(ChangeWriter.futureAllowance).roundedToMilliseconds)
        // A stamp in the past is kept as sent.
        var past = Records.preset(name: "Past")
        past.updatedAt = clock.now.addingTimeInterval(-3600).roundedToMilliseconds
        #expect(try await api.call(Presets.Upsert.self, past).updatedAt == past.updatedAt)
    }
}
