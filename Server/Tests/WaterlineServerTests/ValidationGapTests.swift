import Foundation
import Testing
import WaterlineAPI
import WaterlineTestSupport
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// Writes that were once accepted and should not have been.
@Suite("Validation gaps, closed")
struct ValidationGapTests {
    @Test("preset names: padded or piled-up names are refused, and names are stored trimmed", arguments: StorageKind.available)
    func presetNames(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let padded = Records.preset(name: "IPA" + String(repeating: " ", count: 900_000))
        #expect(await api.failureCode(Presets.Upsert.self, padded) == .invalidArgument)
        let piled = Records.preset(name: "e" + String(repeating: "\u{301}", count: 150_000))
        #expect(await api.failureCode(Presets.Upsert.self, piled) == .invalidArgument)
        let spaced = Records.preset(name: "  Hazy IPA  ")
        #expect(try await api.call(Presets.Upsert.self, spaced).name == "Hazy IPA")
        #expect(try await api.call(Presets.List.self).map(\.name) == ["Hazy IPA"])
        await server.stop()
    }

    @Test("water may be due after any number of drinks up to 99, as the owner asked; 100 is refused", arguments: StorageKind.available)
    func waterEveryN(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        let stamp = Date().addingTimeInterval(-60).roundedToMilliseconds
        #expect(try await api.call(Settings.Upsert.self, UserSettings(waterEveryNDrinks: 99, updatedAt: stamp)).waterEveryNDrinks == 99)
        #expect(await api.failureCode(Settings.Upsert.self, UserSettings(waterEveryNDrinks: 100, updatedAt: stamp.addingTimeInterval(1))) == .invalidArgument)
        #expect(try await api.call(Users.Me.self).settings.waterEveryNDrinks == 99)
        await server.stop()
    }

    @Test("an impossible summary is refused", arguments: StorageKind.available)
    func summaries(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        var ended = Records.session(end: 60)
        ended.computedSummary = .mock
        #expect(try await api.call(Sessions.Upsert.self, ended).computedSummary == .mock)
        ended.computedSummary?.totalWaterCount = -3
        ended.updatedAt = Records.at(61)
        #expect(await api.failureCode(Sessions.Upsert.self, ended) == .invalidArgument)
        await server.stop()
    }

    @Test("a deleted session takes no new logs; its existing logs still take their tombstones", arguments: StorageKind.available)
    func logsIntoDeletedSessions(storage: StorageKind) async throws {
        let (server, api) = try await TestServer.withSignedInClient(storage)
        var session = Records.session(end: 60)
        _ = try await api.call(Sessions.Upsert.self, session)
        let water = Records.water(session: session.id, at: 5)
        _ = try await api.call(LogEntries.Upsert.self, water)
        session.deletedAt = Records.at(70)
        session.updatedAt = Records.at(70)
        _ = try await api.call(Sessions.Upsert.self, session)

        #expect(await api.failureCode(LogEntries.Upsert.self, Records.drink(session: session.id, at: 10)) == .notFound)
        let deleted = try await api.call(LogEntries.Delete.self, Tombstone(id: water.id, deletedAt: Records.at(71)))
        #expect(deleted.deletedAt == Records.at(71))
        await server.stop()
    }
}
