import Foundation
import Testing
@testable import WaterlineCore

/// The system's permission sheets speak the person's language: every purpose string `project.yml`
/// gives an app's Info.plist has its entry, in every language, in the app's `InfoPlist.xcstrings`.
@Suite("Purpose strings in every language")
struct InfoPlistCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("each usage description in project.yml is in InfoPlist.xcstrings, its English the same words, translated into every language")
    func purposeStrings() throws {
        let project = try String(contentsOf: Self.root.appendingPathComponent("project.yml"), encoding: .utf8)
        let descriptions = project.matches(of: /(NS\w+UsageDescription): (.+)/).map { (key: String($0.output.1), text: String($0.output.2)) }
        #expect(descriptions.count >= 2, "the scan found the purpose strings")
        let catalog = try KitCatalog(json: Data(contentsOf: Self.root.appendingPathComponent("Apps/Waterline/Resources/InfoPlist.xcstrings")))
        for (key, text) in descriptions {
            let languages = try #require(catalog.entries[key], "\(key) is not in InfoPlist.xcstrings: the permission sheet would be English only")
            #expect(languages["en"] == .plain(text), "\(key): the catalog's English is project.yml's")
            for language in KitLanguage.supported {
                #expect(languages[language] != nil, "\(key) lacks \(language)")
            }
        }
    }
}
