import Foundation

/// Renders the kit's texts in the current `KitLanguage`: English from the code, other languages
/// from `Kit.xcstrings` (falling back to English for a key a translation lacks).
public enum KitText {
    public static func string(_ text: KitString, _ arguments: KitArgument..., language: String? = nil) -> String {
        let language = language ?? KitLanguage.current
        // English is the code's own; the catalog is read only for another language.
        let translation = language == "en" ? nil : KitCatalog.shipped.entries[text.key]?[language]
        return render(text, arguments, translation: translation, language: translation == nil ? "en" : language)
    }

    static func render(_ text: KitString, _ arguments: [KitArgument], translation: KitCatalog.Entry?, language: String = "en") -> String {
        let count = arguments.lazy.compactMap { if case .int(let value) = $0 { value } else { nil } }.first
        let one = count.map { KitLanguage.usesOne($0, in: language) } ?? false
        let format = switch translation {
        case .plain(let value)?: value
        case .plural(let singular, let other)?: one ? (singular ?? other) : other
        case nil: one ? (text.one ?? text.other) : text.other
        }
        return substitute(format, arguments)
    }

    /// Fills `%lld` / `%@` in order, `%1$lld` / `%2$@` by position, and `%%`.
    static func substitute(_ format: String, _ arguments: [KitArgument]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var cursor = rest.index(after: percent)
            if cursor < rest.endIndex, rest[cursor] == "%" {
                result += "%"
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            var position: Int?
            let digits = rest[cursor...].prefix { $0.isNumber }
            if !digits.isEmpty, rest[rest.index(cursor, offsetBy: digits.count)...].first == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = rest.index(cursor, offsetBy: digits.count + 1)
            }
            let spec = rest[cursor...].hasPrefix("lld") ? "lld" : rest[cursor...].hasPrefix("@") ? "@" : ""
            guard !spec.isEmpty else {
                result += "%"
                rest = rest[rest.index(after: percent)...]
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(index) {
                switch arguments[index] {
                case .int(let value): result += String(value)
                case .text(let value): result += value
                }
            }
            rest = rest[rest.index(cursor, offsetBy: spec.count)...]
        }
        return result + rest
    }
}
