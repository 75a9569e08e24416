import Foundation

/// Database URLs as they may be shown: never with their password.
public enum DatabaseURL {
    /// `postgres://waterline:***@db:5432/waterline`; text that is not a URL shows only its length.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.scheme != nil else {
            return "(a value of \(url.count) characters)"
        }
        if components.password != nil { components.password = "***" }
        return components.string ?? "(a \(components.scheme ?? "") URL)"
    }
}
