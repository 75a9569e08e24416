import Foundation

/// The language the kit speaks in: English unless a process chooses otherwise at launch (the
/// app and its extensions pass the person's preferred languages; the command line stays English).
public enum KitLanguage {
    /// The languages `Kit.xcstrings` has, English (the source) first; every catalog of the app,
    /// its extensions and the watch has them too (`AppCatalogTests`). Brazilian Portuguese is
    /// the Portuguese of every "pt" preference.
    public static let supported = ["en", "es", "fr", "de", "pt-BR"]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen = "en"
    nonisolated(unsafe) private static var chosenLocale = Locale(identifier: "en_US_POSIX")

    /// The language texts are rendered in now.
    public static var current: String { lock.withLock { chosen } }

    /// How numbers are written (the decimal mark): the person's region in the app, fixed
    /// (`en_US_POSIX`) for the command line and tests.
    public static var locale: Locale { lock.withLock { chosenLocale } }

    /// Picks the first of `preferredLanguages` (BCP 47, e.g. "es-MX") the kit has, English
    /// otherwise, and writes numbers as `locale` does.
    public static func use(preferredLanguages: [String], locale: Locale = Locale(identifier: "en_US_POSIX")) {
        let language = match(preferredLanguages: preferredLanguages)
        lock.withLock {
            chosen = language
            chosenLocale = locale
        }
    }

    /// The first of `preferredLanguages` the kit has, by language code; English otherwise.
    public static func match(preferredLanguages: [String]) -> String {
        for preferred in preferredLanguages {
            let code = String(preferred.lowercased().prefix { $0 != "-" && $0 != "_" })
            if let language = supported.first(where: { $0.lowercased().prefix { $0 != "-" } == code }) { return language }
        }
        return "en"
    }

    /// Whether `count` takes the "one" form in `language` (CLDR): 1 in English, Spanish and
    /// German; 0 and 1 in French and Portuguese.
    public static func usesOne(_ count: Int, in language: String) -> Bool {
        language.hasPrefix("fr") || language.hasPrefix("pt") ? count == 0 || count == 1 : count == 1
    }
}
