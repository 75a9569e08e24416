import Foundation

/// Renders the kit's texts in the current `KitLanguage`: English from the code, other languages
/// from `Kit.xcstrings` (falling back to English for a key a translation lacks).
public enum KitText {
    public static func string(_ text: KitString, _ arguments: KitArgument..., language: String? = nil) -> String {
        render(text, arguments, language: language ?? KitLanguage.current, catalog: .shipped)
    }

    static func render(_ text: KitString, _ arguments: [KitArgument], language: String, catalog: KitCatalog) -> String {
        let count = arguments.lazy.compactMap { if case .int(let value) = $0 { value } else { nil } }.first
        let format: String
        switch language == "en" ? nil : catalog.entries[text.key]?[language] {
        case .plain(let value)?:
            format = value
        case .plural(let one, let other)?:
            format = count == 1 ? (one ?? other) : other
        case nil:
            format = count == 1 ? (text.one ?? text.other) : text.other
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
