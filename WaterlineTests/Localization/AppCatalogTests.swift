import Foundation
import Testing
@testable import WaterlineKit

/// The iPhone app's String Catalog (`Waterline/Resources/Localizable.xcstrings`) against the
/// words its SwiftUI views use, read from the source files.
@Suite("The app's String Catalog")
struct AppCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func catalog() throws -> KitCatalog {
        try KitCatalog(json: Data(contentsOf: root.appendingPathComponent("Waterline/Resources/Localizable.xcstrings")))
    }

    /// The string literals given to SwiftUI's localizing initializers, interpolations kept as `\(…)`.
    static func literals() throws -> [(file: String, text: String)] {
        let calls = [
            "Text(", "Button(", "Section(", "Toggle(", "LabeledContent(", ".navigationTitle(", "NavigationLink(",
            "ContentUnavailableView(", "Label(", ".confirmationDialog(", ".alert(", "Picker(", "Stepper(", "TextField(",
            "String(localized: ",
        ]
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: root.appendingPathComponent("Waterline"), includingPropertiesForKeys: nil)
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

    @Test("every word the app's views show has a catalog entry")
    func everyLiteralHasAnEntry() throws {
        let keys = Array(try Self.catalog().entries.keys)
        let literals = try Self.literals()
        #expect(literals.count > 80, "the scan found the views' words")
        for (file, literal) in literals {
            #expect(keys.contains { Self.matches($0, literal) }, "\(file): \"\(literal)\" has no catalog entry")
        }
    }

    @Test("every entry is translated into Spanish with the same placeholders, and no key is Swift source")
    func translated() throws {
        for (key, languages) in try Self.catalog().entries {
            #expect(!key.contains("\\("), "\(key): a key is what SwiftUI looks up (%lld, %@), not the Swift interpolation")
            let english = try #require(languages["en"], "\(key) lacks English")
            let spanish = try #require(languages["es"], "\(key) lacks Spanish")
            #expect(Self.placeholders(spanish) == Self.placeholders(english), "\(key): placeholders differ")
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
