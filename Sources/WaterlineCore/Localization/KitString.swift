/// One user-facing text of the kit: its String Catalog key and its English, the source language.
///
/// `%lld` stands for a whole number and `%@` for text, in the order given; a text with a plural
/// (`one` differs from `other`) is chosen by its first number, as the catalog's plural
/// variations are. Translations live in `Kit.xcstrings` beside this folder.
public struct KitString: Hashable, Sendable {
    public let key: String
    public let one: String?
    public let other: String

    /// A text without plural forms.
    init(_ key: String, _ english: String) {
        self.key = key
        self.one = nil
        self.other = english
    }

    /// A text whose wording follows its first number.
    init(_ key: String, one: String, other: String) {
        self.key = key
        self.one = one
        self.other = other
    }
}
