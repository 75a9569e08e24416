import Foundation

/// Where this device syncs: a Convex deployment (`https://<name>.convex.cloud`) or a self-hosted
/// `waterline-server`. Set for a build by its deployment (the `WaterlineBackendURL` build setting)
/// or by the person in Settings; with neither, sync is off and nothing offers a sign-in that would
/// fail.
public enum BackendAddress {
    /// Hosts that stand in for a server in examples and templates: never a server to sync with.
    static let placeholderHosts: Set<String> = ["example.convex.cloud", "example.com", "example.invalid"]

    /// The address a person typed, checked: a web address (https, or http to this device itself
    /// where `allowsLoopbackHTTP`, for a server on a development machine), with a host, and no
    /// user name, query or fragment. A trailing slash is dropped.
    public static func parse(_ text: String, allowsLoopbackHTTP: Bool) throws(ValidationError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missing(field: "server") }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else { throw .unexpected(field: "server", reason: "not a web address (https://…)") }
        guard components.user == nil, components.password == nil, components.query == nil, components.fragment == nil else {
            throw .unexpected(field: "server", reason: "an address with no name, password, query or fragment")
        }
        switch scheme {
        case "https":
            break
        case "http" where allowsLoopbackHTTP && isLoopback(host):
            break
        case "http":
            throw .unexpected(field: "server", reason: "https is required (http only to this device, in a development build)")
        default:
            throw .unexpected(field: "server", reason: "https is required")
        }
        guard !placeholderHosts.contains(host.lowercased()) else {
            throw .unexpected(field: "server", reason: "\(host) is an example, not a server")
        }
        var cleaned = components
        cleaned.scheme = scheme
        if cleaned.path.hasSuffix("/") { cleaned.path.removeLast() }
        guard let url = cleaned.url else { throw .unexpected(field: "server", reason: "not a web address (https://…)") }
        return url
    }

    /// The build's own address, or nil when the build carries none (empty, an unexpanded
    /// `$(…)`, a placeholder, or not a valid address).
    public static func fromBuildSetting(_ value: String?, allowsLoopbackHTTP: Bool) -> URL? {
        guard let value, !value.contains("$(") else { return nil }
        return try? parse(value, allowsLoopbackHTTP: allowsLoopbackHTTP)
    }

    /// The address sync uses: the person's choice over the build's.
    public static func effective(chosen: URL?, build: URL?) -> URL? {
        chosen ?? build
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
