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
    struct Description: Decodable {
        struct Setting: Decodable, CustomTestStringConvertible {
            var name: String
            var type: String
            var min: Double?
            var above: Double?
            var max: Double?
            var choices: [JSONValue]?
            var `default`: JSONValue
            var later: Bool?
            var testDescription: String { name }
        }

        var settings: [Setting]
    }

    /// A JSON value as the description writes it.
    enum JSONValue: Decodable, Hashable {
        case bool(Bool), number(Double), string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) { self = .bool(value) } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        var json: Any {
            switch self {
            case .bool(let value): value
            case .number(let value): value
            case .string(let value): value
            }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let description = try! JSONDecoder().decode(Description.self, from: Data(contentsOf: root.appendingPathComponent("contract/settings.json")))

    /// `UserSettings()` as the wire carries it.
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

    @Test("the defaults are the description's, as the wire spells them", arguments: description.settings)
    func defaults(_ setting: Description.Setting) throws {
        let wire = try Self.wire(UserSettings())
        let value = try #require(wire[setting.name] as? NSObject, "\(setting.name) is on the wire")
        #expect(value.isEqual(setting.default.json), "\(setting.name): \(value), the description says \(setting.default)")
    }

    @Test("each bound and choice is kept by validate(): the bounds taken, a step past them refused", arguments: description.settings)
    func bounds(_ setting: Description.Setting) throws {
        let step = setting.type == "integer" ? 1.0 : 0.25
        var taken: [Any] = []
        var refused: [Any] = []
        if let min = setting.min { taken.append(min); refused.append(min - step) }
        if let above = setting.above { taken.append(above + step); refused.append(above) }
        if let max = setting.max { taken.append(max); refused.append(max + step) }
        if let choices = setting.choices {
            taken += choices.map(\.json)
            if case .number(let first)? = choices.first { refused.append(first + step) }
        }
        if setting.type == "integer", let min = setting.min { refused.append(min + 0.5) }
        for value in taken {
            #expect(throws: Never.self, "\(setting.name) = \(value) is taken") { try Self.settings(setting.name, value).validate() }
        }
        for value in refused {
            #expect(throws: (any Error).self, "\(setting.name) = \(value) is refused") { try Self.settings(setting.name, value).validate() }
        }
        if setting.type == "string" {
            #expect(throws: (any Error).self, "\(setting.name) = an unknown word is refused") { _ = try Self.settings(setting.name, "loud") }
        }
    }

    @Test("a record from before the later settings reads each as its default, never chosen; the first settings are required")
    func later() throws {
        var wire = try Self.wire(UserSettings(updatedAt: Fixed.start))
        for setting in Self.description.settings where setting.later == true { wire[setting.name] = nil }
        let read = try WaterlineCoding.decoder().decode(UserSettings.self, from: JSONSerialization.data(withJSONObject: wire))
        let again = try Self.wire(read)
        for setting in Self.description.settings where setting.later == true {
            #expect((again[setting.name] as? NSObject)?.isEqual(setting.default.json) == true, "\(setting.name) reads as its default")
            #expect(read.fieldStamps?[setting.name] == UserSettings.untouchedStamp, "\(setting.name) never chosen")
        }
        for setting in Self.description.settings where setting.later != true {
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
            #expect(type.hasSuffix("?") == (setting.later == true), "\(setting.name): \(type)")
        }
        #expect(Set(types.keys) == Set(Self.description.settings.map(\.name) + ["updatedAt", "fieldStamps"]))
    }
}
