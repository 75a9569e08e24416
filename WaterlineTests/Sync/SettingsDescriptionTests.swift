import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
import WaterlineTestSupport

/// `contract/settings.json` describes every setting once; the core's `UserSettings` and
/// `SettingsField`, which the app, the watch, the command line and the Swift server all use, are
/// held to it: the names in order, the defaults as the wire spells them, the bounds and choices
/// `validate()` keeps, and what a record from before a later setting reads as.
@Suite("Settings against their one description")
struct SettingsDescriptionTests {
    static let description = try! SettingsDescription.load()
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `settings` as the wire carries it.
    static func wire(_ settings: UserSettings) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(settings)) as? [String: Any])
    }

    /// The defaults with `name` set to `value`, decoded as a settings record from the wire.
    static func settings(_ name: String, _ value: Any) throws -> UserSettings {
        var wire = try wire(UserSettings())
        wire[name] = value
        return try WaterlineCoding.decoder().decode(UserSettings.self, from: JSONSerialization.data(withJSONObject: wire))
    }

    @Test("every setting is a SettingsField, in the description's order, and nothing else is")
    func names() {
        #expect(SettingsField.allCases.map(\.rawValue) == Self.description.settings.map(\.name))
    }

    @Test("the defaults are the description's, as the wire spells them")
    func defaults() throws {
        let wire = try Self.wire(UserSettings())
        for setting in Self.description.settings {
            let value = try #require(wire[setting.name] as? NSObject, "\(setting.name) is on the wire")
            #expect(value.isEqual(setting.default.json), "\(setting.name): \(value), the description says \(setting.default)")
        }
    }

    @Test("each bound and choice is kept: the bounds taken by validate(), a step past them, or a value of another kind, refused")
    func bounds() throws {
        let bounds = Self.description.bounds
        #expect(Set(bounds.map(\.name)) == Set(SettingsField.allCases.map(\.rawValue)), "every setting has its calls")
        for bound in bounds {
            if bound.taken {
                #expect(throws: Never.self, "\(bound)") { try Self.settings(bound.name, bound.value.json).validate() }
            } else {
                #expect(throws: (any Error).self, "\(bound)") { try Self.settings(bound.name, bound.value.json).validate() }
            }
        }
    }

    @Test("a record from before the later settings reads each as its default, never chosen; the first settings are required")
    func later() throws {
        var wire = try Self.wire(UserSettings(updatedAt: Fixed.start))
        for setting in Self.description.settings where setting.isLater { wire[setting.name] = nil }
        let read = try WaterlineCoding.decoder().decode(UserSettings.self, from: JSONSerialization.data(withJSONObject: wire))
        let again = try Self.wire(read)
        for setting in Self.description.settings where setting.isLater {
            #expect((again[setting.name] as? NSObject)?.isEqual(setting.default.json) == true, "\(setting.name) reads as its default")
            #expect(read.fieldStamps?[setting.name] == UserSettings.untouchedStamp, "\(setting.name) never chosen")
        }
        for setting in Self.description.settings where !setting.isLater {
            var without = try Self.wire(UserSettings())
            without[setting.name] = nil
            #expect(throws: (any Error).self, "\(setting.name) is required") {
                _ = try WaterlineCoding.decoder().decode(UserSettings.self, from: JSONSerialization.data(withJSONObject: without))
            }
        }
    }

    @Test("the API's description of settings (functions.json) names the same settings, optional where later")
    func functionsJSON() throws {
        struct Contract: Decodable { var types: [String: [String: String]] }
        let contract = try JSONDecoder().decode(Contract.self, from: Data(contentsOf: Self.root.appendingPathComponent("contract/functions.json")))
        let types = try #require(contract.types["UserSettings"])
        for setting in Self.description.settings {
            let type = try #require(types[setting.name], "\(setting.name)")
            #expect(type.hasSuffix("?") == setting.isLater, "\(setting.name): \(type)")
        }
        #expect(Set(types.keys) == Set(Self.description.settings.map(\.name) + ["updatedAt", "fieldStamps"]))
    }
}
