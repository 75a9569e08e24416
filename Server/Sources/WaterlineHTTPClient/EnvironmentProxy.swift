import Foundation

/// The HTTP proxy the environment names for a server, read as curl (and so Linux's `URLSession`)
/// reads it: `https_proxy` or `HTTPS_PROXY` for an https server, `http_proxy` for an http one
/// (its upper-case form is not read, as curl does not), `all_proxy` or `ALL_PROXY` for either,
/// and no proxy for a host `no_proxy` (or `NO_PROXY`) names: `*`, the host itself, or a domain
/// it is in (`example.com` and `.example.com` both cover `sync.example.com`); an IP address only
/// by itself (`0.0.1` does not cover `127.0.0.1`). Only an HTTP proxy is spoken to (CONNECT): a
/// `socks5://` or other proxy is refused with a clear error, never sent HTTP.
public struct EnvironmentProxy: Hashable, Sendable {
    /// A proxy the environment names that is not an HTTP proxy.
    public struct Unsupported: Error, CustomStringConvertible {
        public var scheme: String
        public var description: String {
            "the proxy the environment names is \(scheme)://, which Waterline cannot use (it speaks to HTTP proxies only); unset it, or name an http:// proxy"
        }
    }

    public var host: String
    public var port: Int
    /// `user:password` from the proxy's address, sent as basic authorization.
    public var credentials: (user: String, password: String)? {
        guard let user else { return nil }
        return (user, password ?? "")
    }
    var user: String?
    var password: String?

    public init(host: String, port: Int, user: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// The proxy for `server`, or nil to connect directly; throws `Unsupported` for a proxy that
    /// is not an HTTP one.
    public static func forServer(_ server: URL, environment: [String: String]) throws(Unsupported) -> EnvironmentProxy? {
        guard let scheme = server.scheme?.lowercased(), let host = server.host?.lowercased() else { return nil }
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0]?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        }
        let named = scheme == "https" ? value("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY") : value("http_proxy", "all_proxy", "ALL_PROXY")
        guard let named, !bypasses(host, noProxy: value("no_proxy", "NO_PROXY")) else { return nil }
        // curl takes an address without a scheme as http://, and 1080 when no port is given.
        guard let url = URL(string: named.contains("://") ? named : "http://\(named)"), let proxyHost = url.host, !proxyHost.isEmpty else { return nil }
        let proxyScheme = url.scheme?.lowercased() ?? "http"
        guard proxyScheme == "http" || proxyScheme == "https" else { throw Unsupported(scheme: proxyScheme) }
        return EnvironmentProxy(
            host: proxyHost, port: url.port ?? 1080,
            user: url.user?.removingPercentEncoding, password: url.password?.removingPercentEncoding
        )
    }

    static func bypasses(_ host: String, noProxy: String?) -> Bool {
        guard let noProxy else { return false }
        for entry in noProxy.split(separator: ",") {
            var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if name == "*" { return true }
            if name.hasPrefix(".") { name.removeFirst() }
            // A port after a name (not inside an IPv6 address) is not part of it.
            if !name.contains("]"), name.filter({ $0 == ":" }).count == 1, let colon = name.firstIndex(of: ":") { name = String(name[..<colon]) }
            name = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            guard !name.isEmpty else { continue }
            if host == name { return true }
            // A domain covers its subdomains, label by label; an address covers only itself.
            if !isAddress(host), host.hasSuffix("." + name) { return true }
        }
        return false
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    static func isAddress(_ host: String) -> Bool {
        let labels = host.split(separator: ".")
        return host.contains(":") || (labels.count == 4 && labels.allSatisfy { UInt8($0) != nil })
    }
}
