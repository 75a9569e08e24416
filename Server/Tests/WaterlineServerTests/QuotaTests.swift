import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// Rows one account may keep: past them, new records are refused and updates still pass.
@Suite("Quotas per account")
struct QuotaTests {
    @Test("presets: the 101st is refused, an edit of a kept one is not")
    func presets() async throws {
        let (server, api) = try await TestServer.withSignedInClient(.sqlite)
        let kept = try await (0..<Limits.presetsPerAccount).asyncMap { number in
            try await api.call(Presets.Upsert.self, Records.preset(name: "Preset \(number)"))
        }
        #expect(await api.failureCode(Presets.Upsert.self, Records.preset(name: "One too many")) == .quotaExceeded)
        var renamed = try #require(kept.first)
        renamed.name = "Renamed"
        renamed.updatedAt = Records.at(1)
        #expect(try await api.call(Presets.Upsert.self, renamed).name == "Renamed")
        await server.stop()
    }

    @Test("logs: a session keeps at most its quota of logs")
    func logs() async throws {
        let (server, api) = try await TestServer.withSignedInClient(.sqlite)
        let night = Records.session()
        _ = try await api.call(Sessions.Upsert.self, night)
        // Filled in storage directly (1,000 calls would only time the HTTP stack).
        let caller = Caller(userId: try await api.call(Users.Me.self).id)
        for minute in 0..<Limits.logsPerSession {
            _ = try await server.context.repository.upsertLog(Records.water(session: night.id, at: Double(minute) / 100), for: caller)
        }
        #expect(await api.failureCode(LogEntries.Upsert.self, Records.water(session: night.id, at: 20)) == .quotaExceeded)
        await server.stop()
    }
}
