import Foundation
import Testing
import WaterlineCore
@testable import WaterlineServer

/// `contract/settings.json` against the server: every setting at each of its bounds and choices,
/// taken or refused as the description says, on every storage. `convex/tests/settings.test.ts`
/// makes the same calls of Convex, so a setting added to the description is checked on both.
@Suite("Every setting at its bounds (contract/settings.json)")
struct SettingsBoundsTests {
    /// One call the description implies: `name` set to `value`, taken or refused.
    struct Bound: @unchecked Sendable, CustomStringConvertible {
        var name: String
        var value: Any
        var taken: Bool
        var description: String { "\(name) = \(value) \(taken ? "taken" : "refused")" }
    }

    /// Read when asked: a JSON object is not `Sendable`, so none is kept in a static.
    static var settings: [[String: Any]] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contract/settings.json")
        let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any]
        return object?["settings"] as? [[String: Any]] ?? []
    }

    /// The calls, as the description's "about" spells them out.
    static func bounds() -> [Bound] {
        settings.flatMap { setting -> [Bound] in
            let name = setting["name"] as? String ?? ""
            let type = setting["type"] as? String ?? ""
            let step = type == "integer" ? 1.0 : 0.25
            var bounds: [Bound] = []
            if let min = (setting["min"] as? NSNumber)?.doubleValue {
                bounds += [Bound(name: name, value: min, taken: true), Bound(name: name, value: min - step, taken: false)]
                if type == "integer" { bounds.append(Bound(name: name, value: min + 0.5, taken: false)) }
            }
            if let max = (setting["max"] as? NSNumber)?.doubleValue {
                bounds += [Bound(name: name, value: max, taken: true), Bound(name: name, value: max + step, taken: false)]
            }
            if let choices = setting["choices"] as? [Any] {
                bounds += choices.map { Bound(name: name, value: $0, taken: true) }
                if let first = (choices.first as? NSNumber)?.doubleValue, !(choices.first is String) {
                    bounds.append(Bound(name: name, value: first + 1, taken: false))
                } else {
                    bounds.append(Bound(name: name, value: "loud", taken: false))
                }
            }
            if type == "boolean" {
                bounds += [Bound(name: name, value: true, taken: true), Bound(name: name, value: false, taken: true), Bound(name: name, value: "yes", taken: false)]
            }
            return bounds
        }
    }

    @Test("the description names every setting and implies calls for each")
    func described() {
        #expect(Self.settings.count == SettingsField.allCases.count)
        #expect(Set(Self.bounds().map(\.name)) == Set(SettingsField.allCases.map(\.rawValue)))
    }

    @Test("each bound and choice is taken or refused as the description says", arguments: StorageKind.available)
    func bounds(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let token = try await server.signIn().token
        var defaults: [String: any Sendable] = [:]
        for setting in Self.settings {
            if let name = setting["name"] as? String, let value = setting["default"] { defaults[name] = value as! any Sendable }
        }
        defaults["updatedAt"] = 1_795_291_200_000.0
        let bounds = Self.bounds()
        #expect(bounds.count > 40)
        for bound in bounds {
            var args = defaults
            args[bound.name] = bound.value as! any Sendable
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
