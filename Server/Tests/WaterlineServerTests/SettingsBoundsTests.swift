import Foundation
import Testing
import WaterlineCore
import WaterlineTestSupport
@testable import WaterlineServer

/// `contract/settings.json` against the server: every setting at each of its bounds and choices,
/// taken or refused as the description says (`SettingsDescription.bounds`, the calls the kit's
/// `SettingsDescriptionTests` checks too), on every storage. `convex/tests/settings.test.ts` makes
/// the same calls of Convex, so a setting added to the description is checked on both.
@Suite("Every setting at its bounds (contract/settings.json)")
struct SettingsBoundsTests {
    @Test("each bound and choice is taken or refused as the description says", arguments: StorageKind.available)
    func bounds(storage: StorageKind) async throws {
        let description = try SettingsDescription.load()
        let bounds = description.bounds
        #expect(Set(bounds.map(\.name)) == Set(SettingsField.allCases.map(\.rawValue)), "every setting has its calls")
        #expect(bounds.count > 40)
        let server = try await TestServer.start(storage)
        let token = try await server.signIn().token
        var defaults: [String: any Sendable] = description.defaults.mapValues { $0.json as! any Sendable }
        defaults["updatedAt"] = 1_795_291_200_000.0
        for bound in bounds {
            var args = defaults
            args[bound.name] = bound.value.json as! any Sendable
            let call = SharedCaseTests.Call(function: "settings:upsert", kind: "mutation", args: args)
            let answer = try await SharedCaseTests.post(call, session: "", token: token, to: server)
            if bound.taken {
                #expect(answer.status == 200, "\(bound): \(answer.status) \(answer.code ?? "")")
            } else {
                #expect(answer.status == 560 && answer.code == "INVALID_ARGUMENT", "\(bound): \(answer.status) \(answer.code ?? "")")
            }
        }
        await server.stop()
    }
}
