import Foundation

/// `contract/settings.json` as the Swift tests read it (the kit's `SettingsDescriptionTests`, the
/// server's `SettingsBoundsTests`): every setting described once, and the calls its "about"
/// spells out at each bound and choice, made the same way in both packages.
public struct SettingsDescription: Decodable, Sendable {
    /// A JSON value as the description writes it.
    public enum Value: Decodable, Hashable, Sendable, CustomStringConvertible {
        case bool(Bool), number(Double), string(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        /// As `JSONSerialization` takes it.
        public var json: Any {
            switch self {
            case .bool(let value): value
            case .number(let value): value
            case .string(let value): value
            }
        }

        public var description: String {
            switch self {
            case .bool(let value): "\(value)"
            case .number(let value): "\(value)"
            case .string(let value): "\"\(value)\""
            }
        }
    }

    public struct Setting: Decodable, Sendable {
        public var name: String
        /// "integer", "number", "boolean" or "string".
        public var type: String
        public var min: Double?
        public var max: Double?
        public var choices: [Value]?
        public var `default`: Value
        /// Came after the first release: a record without it reads as its default, never chosen.
        public var later: Bool?

        public var isLater: Bool { later == true }
    }

    /// One call the description implies: `name` set to `value`, taken or refused.
    public struct Bound: Sendable, CustomStringConvertible {
        public var name: String
        public var value: Value
        public var taken: Bool

        public var description: String { "\(name) = \(value) \(taken ? "taken" : "refused")" }
    }

    public var settings: [Setting]

    /// The file in this repository.
    public static func load() throws -> SettingsDescription {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try JSONDecoder().decode(SettingsDescription.self, from: Data(contentsOf: root.appendingPathComponent("contract/settings.json")))
    }

    /// Every setting at its default.
    public var defaults: [String: Value] {
        Dictionary(uniqueKeysWithValues: settings.map { ($0.name, $0.default) })
    }

    /// The calls the description's "about" spells out: min and max taken, a step past each refused
    /// (1 for an integer, 0.25 for a number), an integer's min + 0.5 refused; each choice taken, a
    /// number choice's first + 1 or the word "loud" refused; true and false taken, "yes" refused.
    public var bounds: [Bound] {
        settings.flatMap { setting -> [Bound] in
            var found: [Bound] = []
            func add(_ value: Value, _ taken: Bool) { found.append(Bound(name: setting.name, value: value, taken: taken)) }
            let step = setting.type == "integer" ? 1.0 : 0.25
            if let min = setting.min {
                add(.number(min), true)
                add(.number(min - step), false)
                if setting.type == "integer" { add(.number(min + 0.5), false) }
            }
            if let max = setting.max {
                add(.number(max), true)
                add(.number(max + step), false)
            }
            if let choices = setting.choices {
                for choice in choices { add(choice, true) }
                if case .number(let first)? = choices.first { add(.number(first + 1), false) } else { add(.string("loud"), false) }
            }
            if setting.type == "boolean" {
                add(.bool(true), true)
                add(.bool(false), true)
                add(.string("yes"), false)
            }
            return found
        }
    }
}
