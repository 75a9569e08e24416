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

    /// Fills `%lld` / `%@` in order, `%1$lld` / `%2$@` by position, and `%%`. Walks the UTF-8
    /// bytes: every mark it looks for is ASCII, which never occurs inside another character's
    /// bytes, so the text between marks is copied whole (a reminder's words are made on every log).
    static func substitute(_ format: String, _ arguments: [KitArgument]) -> String {
        let percent = UInt8(ascii: "%"), dollar = UInt8(ascii: "$"), at = UInt8(ascii: "@"), ell = UInt8(ascii: "l"), dee = UInt8(ascii: "d")
        var text = format
        return text.withUTF8 { format in
            var result: [UInt8] = []
            result.reserveCapacity(format.count + 16)
            var next = 0
            var index = 0
            while index < format.count {
                guard format[index] == percent else {
                    result.append(format[index])
                    index += 1
                    continue
                }
                var cursor = index + 1
                if cursor < format.count, format[cursor] == percent {
                    result.append(percent)
                    index = cursor + 1
                    continue
                }
                var position: Int?
                var digitsEnd = cursor
                while digitsEnd < format.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(format[digitsEnd]) { digitsEnd += 1 }
                if digitsEnd > cursor, digitsEnd < format.count, format[digitsEnd] == dollar {
                    position = Int(String(decoding: UnsafeBufferPointer(rebasing: format[cursor..<digitsEnd]), as: UTF8.self)).map { $0 - 1 }
                    cursor = digitsEnd + 1
                }
                let specLength: Int
                if cursor + 2 < format.count, format[cursor] == ell, format[cursor + 1] == ell, format[cursor + 2] == dee {
                    specLength = 3
                } else if cursor < format.count, format[cursor] == at {
                    specLength = 1
                } else {
                    // Not a placeholder: the mark stays as written.
                    result.append(percent)
                    index += 1
                    continue
                }
                let argument = position ?? next
                if position == nil { next += 1 }
                if arguments.indices.contains(argument) {
                    switch arguments[argument] {
                    case .int(let value): result.append(contentsOf: String(value).utf8)
                    case .text(let value): result.append(contentsOf: value.utf8)
                    }
                }
                index = cursor + specLength
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
