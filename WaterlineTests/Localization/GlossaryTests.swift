import Foundation
import Testing
@testable import WaterlineCore

/// Every String Catalog held to `Localization/Glossary.json`: one word per thing in each
/// language, never a word-for-word form it lists, and, where the English says a term, the
/// language's own word for it.
@Suite("The glossary")
struct GlossaryTests {
    struct Glossary: Decodable {
        struct Word: Decodable {
            var word: String
            var pattern: String
        }

        struct Term: Decodable {
            var concept: String
            var follow: Bool
            var words: [String: Word]
            var avoid: [String: [String]]
            var allow: [String: [String]]?
        }

        var terms: [Term]
    }

    /// One text of a catalog in one language (each plural form its own).
    struct Text {
        var catalog: String
        var key: String
        var language: String
        var value: String
        var english: String
    }

    static let languages = ["en", "es", "fr", "de", "pt-BR"]
    static let root = AppCatalogTests.root

    static func glossary() throws -> Glossary {
        try JSONDecoder().decode(Glossary.self, from: Data(contentsOf: root.appendingPathComponent("Localization/Glossary.json")))
    }

    /// Every catalog of the app and the kit, but the Siri phrases (what people say, not what the app shows).
    static func catalogs() throws -> [String] {
        let apps = root.appendingPathComponent("Apps")
        let found = FileManager.default.enumerator(at: apps, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "xcstrings" && $0.lastPathComponent != "AppShortcuts.xcstrings" }
            .map { String($0.path.dropFirst(root.path.count + 1)) } ?? []
        return found.sorted() + ["Sources/WaterlineCore/Localization/Kit.xcstrings"]
    }

    static func texts() throws -> [Text] {
        try catalogs().flatMap { path -> [Text] in
            let catalog = try AppCatalogTests.catalog(path)
            return catalog.entries.sorted { $0.key < $1.key }.flatMap { key, byLanguage -> [Text] in
                let english = byLanguage["en"].map(Self.forms).map { $0.joined(separator: " / ") } ?? key
                return byLanguage.flatMap { language, entry in
                    Self.forms(entry).map { Text(catalog: path, key: key, language: language, value: $0, english: english) }
                }
            }
        }
    }

    static func forms(_ entry: KitCatalog.Entry) -> [String] {
        switch entry {
        case .plain(let text): [text]
        case .plural(let one, let other): [one, other].compactMap { $0 }
        }
    }

    static func regex(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("the glossary gives each term a word in all five languages, and its patterns match its words")
    func shape() throws {
        let glossary = try Self.glossary()
        #expect(glossary.terms.count >= 5)
        for term in glossary.terms {
            #expect(Set(term.words.keys) == Set(Self.languages), "\(term.concept)")
            for (language, word) in term.words {
                #expect(Self.matches(try Self.regex(word.pattern), word.word), "\(language): \(word.word) against \(word.pattern)")
            }
            for language in term.avoid.keys { #expect(Self.languages.contains(language)) }
        }
        #expect(try Self.catalogs().count == 7, "the five targets' catalogs, Info.plist's and the kit's")
    }

    @Test("no text uses a form the glossary avoids")
    func avoided() throws {
        let glossary = try Self.glossary()
        let texts = try Self.texts()
        #expect(texts.count > 1_000, "the catalogs were read")
        for term in glossary.terms {
            for (language, patterns) in term.avoid {
                let avoided = try patterns.map(Self.regex)
                let allowed = try (term.allow?[language] ?? []).map(Self.regex)
                for text in texts where text.language == language {
                    // What an allowed phrase holds (Apple's names for signing in) is not the term.
                    let checked = allowed.reduce(text.value) { value, phrase in
                        phrase.stringByReplacingMatches(in: value, range: NSRange(value.startIndex..., in: value), withTemplate: "")
                    }
                    for pattern in avoided where Self.matches(pattern, checked) {
                        Issue.record("\(text.catalog) \"\(text.key)\" [\(language)]: \"\(text.value)\" uses \(pattern.pattern); the glossary's word is \"\(term.words[language]?.word ?? "")\"")
                    }
                }
            }
        }
    }

    @Test("where the English says a term, each language says its own word for it")
    func followed() throws {
        let glossary = try Self.glossary()
        let texts = try Self.texts()
        for term in glossary.terms where term.follow {
            let english = try Self.regex(try #require(term.words["en"]).pattern)
            var followed = 0
            for text in texts where text.language != "en" && Self.matches(english, text.english) {
                let own = try Self.regex(try #require(term.words[text.language]).pattern)
                if Self.matches(own, text.value) {
                    followed += 1
                } else {
                    Issue.record("\(text.catalog) \"\(text.key)\" [\(text.language)]: \"\(text.value)\" does not say \"\(term.words[text.language]?.word ?? "")\" where the English \"\(text.english)\" says \"\(term.words["en"]?.word ?? "")\"")
                }
            }
            #expect(followed > 0, "\(term.concept): some text says it")
        }
    }
}
