import Foundation

/// The kit's String Catalog (`Kit.xcstrings`, Xcode's JSON format), read once: per key and
/// language, a plain text or its plural variations.
struct KitCatalog: Sendable {
    enum Entry: Hashable, Sendable {
        case plain(String)
        case plural(one: String?, other: String)
    }

    let entries: [String: [String: Entry]]

    /// The catalog shipped with the kit; empty when its file cannot be found (English still works).
    static let shipped: KitCatalog = {
        guard let url = Bundle.module.url(forResource: "Kit", withExtension: "xcstrings"),
              let data = try? Data(contentsOf: url), let catalog = try? KitCatalog(json: data)
        else { return KitCatalog(entries: [:]) }
        return catalog
    }()

    init(entries: [String: [String: Entry]]) {
        self.entries = entries
    }

    init(json: Data) throws {
        struct Unit: Decodable { var value: String }
        struct Variant: Decodable { var stringUnit: Unit }
        struct Localization: Decodable {
            struct Variations: Decodable { var plural: [String: Variant]? }
            var stringUnit: Unit?
            var variations: Variations?
        }
        struct Item: Decodable { var localizations: [String: Localization]? }
        struct File: Decodable { var strings: [String: Item] }
        let file = try JSONDecoder().decode(File.self, from: json)
        var entries: [String: [String: Entry]] = [:]
        for (key, item) in file.strings {
            for (language, localization) in item.localizations ?? [:] {
                if let plural = localization.variations?.plural, let other = plural["other"]?.stringUnit.value {
                    entries[key, default: [:]][language] = .plural(one: plural["one"]?.stringUnit.value, other: other)
                } else if let unit = localization.stringUnit {
                    entries[key, default: [:]][language] = .plain(unit.value)
                }
            }
        }
        self.entries = entries
    }
}
