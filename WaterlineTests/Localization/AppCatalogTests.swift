import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Each Apple target's String Catalog against the words its source files give SwiftUI, App
/// Intents and WidgetKit, read from the sources.
@Suite("The targets' String Catalogs")
struct AppCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A target: the folders compiled into it (as `project.yml` lists them) and its catalog.
    struct Target: CustomTestStringConvertible, Sendable {
        var catalog: String
        var sources: [String]
        /// At least this many words are found, or the scan is broken.
        var minimumWords = 5
        var testDescription: String { catalog }
    }

    static let targets = [
        Target(catalog: "Apps/Waterline/Resources/Localizable.xcstrings", sources: ["Apps/Waterline", "Apps/WaterlineIntents/Intents"]),
        Target(catalog: "Apps/WaterlineWidgets/Localizable.xcstrings", sources: ["Apps/WaterlineWidgets", "Apps/WaterlineIntents/Intents"]),
        Target(catalog: "Apps/WaterlineIntents/Extension/Localizable.xcstrings", sources: ["Apps/WaterlineIntents"]),
        Target(catalog: "Apps/WaterlineWatch/Localizable.xcstrings", sources: ["Apps/WaterlineWatch"]),
        // The complication's words are the kit's (`WidgetPresentation`), but for its name and description.
        Target(catalog: "Apps/WaterlineWatchWidgets/Localizable.xcstrings", sources: ["Apps/WaterlineWatchWidgets"], minimumWords: 2),
    ]

    static func catalog(_ path: String) throws -> KitCatalog {
        try KitCatalog(json: Data(contentsOf: root.appendingPathComponent(path)))
    }

    /// The string literals given to localizing initializers, interpolations kept as `\(…)`.
    static func literals(in folders: [String]) throws -> [(file: String, text: String)] {
        let calls = [
            "Text(", "Button(", "Section(", "Toggle(", "LabeledContent(", ".navigationTitle(", "NavigationLink(",
            "ContentUnavailableView(", "Label(", ".confirmationDialog(", ".alert(", "Picker(", "Stepper(", "TextField(",
            "String(localized: ", "LocalizedStringResource = ", "IntentDescription(", "title: ", "subtitle: ",
            ".configurationDisplayName(", ".description(", "shortTitle: ", "TypeDisplayRepresentation = ",
        ]
        var found: [(String, String)] = []
        for folder in folders {
        let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for call in calls {
                var searchFrom = text.startIndex
                while let range = text.range(of: call + "\"", range: searchFrom..<text.endIndex) {
                    searchFrom = range.upperBound
                    if let literal = Self.literal(in: text, from: range.upperBound), !literal.isEmpty {
                        found.append((url.lastPathComponent, literal))
                    }
                }
            }
            // `Button(isOn ? "Starting…" : "Start Session")`: both literals are keys.
            for line in text.split(separator: "\n") where calls.contains(where: { line.contains($0) }) {
                for match in line.matches(of: /\? "((?:[^"\\]|\\.)*)" : "((?:[^"\\]|\\.)*)"/) {
                    found.append((url.lastPathComponent, String(match.output.1)))
                    found.append((url.lastPathComponent, String(match.output.2)))
                }
            }
        }
        }
        return found
    }

    /// The literal starting at `start` (after its opening quote), with balanced interpolations.
    static func literal(in text: String, from start: String.Index) -> String? {
        var result = ""
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { return nil }
                if text[next] == "(" {
                    var depth = 1
                    var cursor = text.index(after: next)
                    while depth > 0, cursor < text.endIndex {
                        if text[cursor] == "(" { depth += 1 } else if text[cursor] == ")" { depth -= 1 }
                        cursor = text.index(after: cursor)
                    }
                    result += "\\(" + text[text.index(after: next)..<text.index(before: cursor)] + ")"
                    index = cursor
                    continue
                }
                result += String(text[index...next])
                index = text.index(after: next)
                continue
            }
            if character == "\"" { return result }
            result.append(character)
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether catalog `key` is what SwiftUI looks up for `literal`: its text with `%%` for `%`,
    /// and each interpolation a `%lld` or `%@`.
    static func matches(_ key: String, _ literal: String) -> Bool {
        var pattern = "^"
        var rest = Substring(literal)
        while let open = rest.range(of: "\\(") {
            pattern += NSRegularExpression.escapedPattern(for: rest[..<open.lowerBound].replacingOccurrences(of: "%", with: "%%"))
            var depth = 1
            var cursor = open.upperBound
            while depth > 0, cursor < rest.endIndex {
                if rest[cursor] == "(" { depth += 1 } else if rest[cursor] == ")" { depth -= 1 }
                cursor = rest.index(after: cursor)
            }
            pattern += "(%lld|%@)"
            rest = rest[cursor...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest).replacingOccurrences(of: "%", with: "%%")) + "$"
        return key.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("every word a target shows has an entry in its catalog", arguments: targets)
    func everyLiteralHasAnEntry(target: Target) throws {
        let keys = Array(try Self.catalog(target.catalog).entries.keys)
        let literals = try Self.literals(in: target.sources)
        #expect(literals.count >= target.minimumWords, "the scan found the target's words")
        for (file, literal) in literals {
            #expect(keys.contains { Self.matches($0, literal) }, "\(file): \"\(literal)\" has no entry in \(target.catalog)")
        }
    }

    @Test("every Siri phrase is in AppShortcuts.xcstrings, in every language")
    func phrases() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Apps/Waterline/App/WaterlineShortcuts.swift"), encoding: .utf8)
        let phrases = source.matches(of: /phrases: \["((?:[^"\\]|\\.)*)"\]/).map {
            String($0.output.1).replacingOccurrences(of: "\\(.applicationName)", with: "${applicationName}")
        }
        #expect(phrases.count == 7)
        let catalog = try Self.catalog("Apps/Waterline/Resources/AppShortcuts.xcstrings")
        for phrase in phrases {
            for language in KitLanguage.supported {
                #expect(catalog.entries[phrase]?[language] != nil, "\(phrase) lacks a phrase in \(language)")
            }
            #expect(catalog.entries[phrase].map { Set($0.keys) } == Set(KitLanguage.supported), "\(phrase): exactly the kit's languages")
        }
    }

    @Test("every entry is translated into every language with the same placeholders, and no key is Swift source", arguments: targets)
    func translated(target: Target) throws {
        for (key, languages) in try Self.catalog(target.catalog).entries {
            #expect(!key.contains("\\("), "\(key): a key is what SwiftUI looks up (%lld, %@), not the Swift interpolation")
            let english = try #require(languages["en"], "\(key) lacks English")
            for language in KitLanguage.supported where language != "en" {
                let translation = try #require(languages[language], "\(key) lacks \(language)")
                #expect(Self.placeholders(translation) == Self.placeholders(english), "\(key) (\(language)): placeholders differ")
            }
        }
    }

    static func placeholders(_ entry: KitCatalog.Entry) -> [String] {
        let text: String = switch entry {
        case .plain(let value): value
        case .plural(_, let other): other
        }
        return text.matches(of: /%(?:\d+\$)?(lld|@)/).map { String($0.output.1) }.sorted()
    }

    @Test("the matcher reads interpolations and percent signs as SwiftUI does")
    func matcher() {
        #expect(Self.matches("ABV %@%%", "ABV \\(abv, format: .number)%"))
        #expect(Self.matches("Water every %lld drinks", "Water every \\(model.settings.waterEveryNDrinks) drinks"))
        #expect(!Self.matches("Water every %lld drinks", "Water every day"))
        #expect(Self.matches("Counts as %@ standard drinks", "Counts as \\(estimate, format: .number.precision(.fractionLength(0...2))) standard drinks"))
    }
}
