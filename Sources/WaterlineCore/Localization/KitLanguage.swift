import Foundation

/// The language the kit speaks in: English unless a process chooses otherwise at launch (the
/// app and its extensions pass the person's preferred languages; the command line stays English).
public enum KitLanguage {
    /// The languages `Kit.xcstrings` has, English (the source) first.
    public static let supported = ["en", "es"]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen = "en"

    /// The language texts are rendered in now.
    public static var current: String { lock.withLock { chosen } }

    /// Picks the first of `preferredLanguages` (BCP 47, e.g. "es-MX") the kit has; English otherwise.
    public static func use(preferredLanguages: [String]) {
        let language = match(preferredLanguages: preferredLanguages)
        lock.withLock { chosen = language }
    }

    /// The first of `preferredLanguages` the kit has, by language code; English otherwise.
    public static func match(preferredLanguages: [String]) -> String {
        preferredLanguages.lazy
            .map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) }
            .first { supported.contains($0) } ?? "en"
    }
}
