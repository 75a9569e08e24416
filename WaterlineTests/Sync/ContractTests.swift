import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// `contract/functions.json` is the one description of the backend API; the client must match it.
@Suite("Client against the contract")
struct ContractTests {
    @Test("the Convex functions check settings with the core's own bounds")
    func convexBounds() throws {
        let rules = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("convex/lib/rules.ts"), encoding: .utf8)
        for (field, limit) in [("waterEveryNDrinks", Limits.waterEveryNDrinks), ("warningThreshold", Limits.warningThreshold)] {
            let check = "s.\(field) >= \(Int(limit.lower)) && s.\(field) <= \(Int(limit.upper)))"
            #expect(rules.contains(check), "convex/lib/rules.ts must bound \(field) as Limits does: \(check)")
        }
        // The quotas, with Swift's digit grouping as JavaScript writes it.
        for (name, value) in [
            ("presetsPerAccount", Limits.presetsPerAccount), ("sessionsPerAccount", Limits.sessionsPerAccount),
            ("logsPerSession", Limits.logsPerSession), ("keptPerLive", Limits.keptPerLive),
        ] {
            let written = value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))).replacingOccurrences(of: ",", with: "_")
            #expect(rules.contains("\(name): \(written)"), "convex/lib/rules.ts must keep \(name) as Limits does: \(written)")
        }
    }

    struct Contract: Decodable {
        struct Function: Decodable {
            var name: String
            var kind: FunctionKind
            var authenticated: Bool
            var args: [String: String]
        }
        var functions: [Function]
        var errorCodes: [String]
    }

    static func load() throws -> Contract {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contract/functions.json")
        return try JSONDecoder().decode(Contract.self, from: Data(contentsOf: url))
    }

    /// An instance of each function's arguments with every optional field filled.
    static func sampleArgs(_ name: String) throws -> Data {
        let encoder = WaterlineCoding.encoder()
        var session = Session.mockNightOut.record
        session.deletedAt = .mockEvening
        session.plannedDrinks = 4
        var log = LogEntry.mockBeer
        log.waterMeta = WaterMeta(amountOz: 1)
        log.deletedAt = .mockEvening
        var preset = DrinkPreset.mockDouble.record
        preset.deletedAt = .mockEvening
        var settings = UserSettings.mock
        settings.fieldStamps = [SettingsField.units.rawValue: settings.updatedAt]
        switch name {
        case Auth.SignInWithApple.name: return try encoder.encode(Auth.SignInWithApple.Args(identityToken: "t", nonce: "n", authorizationCode: "c"))
        case Settings.Upsert.name: return try encoder.encode(settings)
        case Sessions.Upsert.name: return try encoder.encode(session)
        case Sessions.List.name: return try encoder.encode(Sessions.List.Args(updatedSince: .mockEvening))
        case LogEntries.Upsert.name: return try encoder.encode(log)
        case LogEntries.Delete.name, Presets.Delete.name: return try encoder.encode(Tombstone(id: UUID(), deletedAt: .mockEvening))
        case LogEntries.ListForSession.name: return try encoder.encode(LogEntries.ListForSession.Args(sessionId: UUID()))
        case Presets.Upsert.name: return try encoder.encode(preset)
        case Sync.Push.name: return try encoder.encode(PushBatch(changes: [.session(session), .logEntry(log), .preset(preset)]))
        case Sync.Pull.name: return try encoder.encode(PullRequest(cursor: 12, limit: 100))
        default: return try encoder.encode(NoArgs())
        }
    }

    @Test("the client calls exactly the contract's functions, with the same kinds")
    func names() throws {
        let contract = try Self.load()
        let client = Dictionary(uniqueKeysWithValues: ConvexFunctions.all.map { ($0.name, $0.kind) })
        let expected = Dictionary(uniqueKeysWithValues: contract.functions.map { ($0.name, $0.kind) })
        #expect(client == expected)
    }

    @Test("the client sends the contract's argument names", arguments: try ContractTests.load().functions.map(\.name))
    func arguments(name: String) throws {
        let function = try #require(try Self.load().functions.first { $0.name == name })
        let sent = try #require(try JSONSerialization.jsonObject(with: Self.sampleArgs(name)) as? [String: Any])
        #expect(Set(sent.keys) == Set(function.args.keys), "\(name)")
    }

    @Test("the error codes are the contract's")
    func errorCodes() throws {
        #expect(try Self.load().errorCodes == ErrorCode.allCases.map(\.rawValue))
    }
}
