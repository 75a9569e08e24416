import Foundation
import HTTPTypes
import NIOCore

/// The reverse proxies whose word about the client is taken (`--trusted-proxy`). A call that
/// arrives from one of them is counted under the client it forwarded in the one header the proxy
/// is configured to write (`--forwarded-header`: `X-Forwarded-For` by default, or `Forwarded`),
/// read from the right: the nearest proxy appends the address it saw, so the first address from
/// the right that is not itself a trusted proxy is the client, and anything further left (which
/// the client may have written) is never read. The other header is never read at all: proxies
/// pass a header they do not write through as the client sent it, so reading it would let every
/// call name a new client. From anyone else the headers are ignored and the connection's peer is
/// the client. Trusted proxies are also exempt from the per-client connection cap: every client
/// behind one shares its connections.
public struct TrustedProxies: Sendable {
    private let addresses: Set<String>
    /// The header the proxies write.
    public let header: ForwardingHeader

    /// - Parameter list: IP addresses (IPv4 or IPv6); throws naming one that is not.
    /// - Parameter header: the header those proxies append the client's address to.
    public init(_ list: [String], header: ForwardingHeader = .xForwardedFor) throws {
        self.header = header
        var addresses: Set<String> = []
        for entry in list where !entry.isEmpty {
            guard let address = Self.parse(entry) else {
                throw FunctionError(.invalidArgument, "--trusted-proxy: \(LogText.escaped(entry, limit: 60)) is not an IP address")
            }
            addresses.insert(Self.exact(address))
        }
        self.addresses = addresses
    }

    public static let none = TrustedProxies(addresses: [], header: .xForwardedFor)

    private init(addresses: Set<String>, header: ForwardingHeader) {
        self.addresses = addresses
        self.header = header
    }

    static let forwarded = HTTPField.Name("Forwarded")!
    static let forwardedForList = HTTPField.Name("X-Forwarded-For")!

    public var isEmpty: Bool { addresses.isEmpty }

    /// Whether the connection's peer is one of the trusted proxies.
    func isTrusted(_ peer: SocketAddress?) -> Bool {
        guard !addresses.isEmpty, let peer else { return false }
        return addresses.contains(Self.exact(peer))
    }

    /// The client a call from `peer` with `headers` is counted under (`ClientAddress.key`).
    func client(peer: SocketAddress?, headers: HTTPFields) -> String {
        guard isTrusted(peer) else { return ClientAddress.key(peer) }
        // Every line of the header, in order (a client's own line comes before the proxy's).
        let lines = headers[fields: header == .forwarded ? Self.forwarded : Self.forwardedForList].map(\.value)
        let hops: [String] = switch header {
        case .forwarded:
            lines.flatMap(Self.forwardedFor)
        case .xForwardedFor:
            lines.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        }
        for hop in hops.reversed() {
            // An address the proxy did not write (unreadable) ends the walk at the proxy itself.
            guard let address = Self.parse(hop) else { break }
            if addresses.contains(Self.exact(address)) { continue }
            return ClientAddress.key(address)
        }
        return ClientAddress.key(peer)
    }

    /// The `for=` values of a `Forwarded` header (RFC 7239), in order.
    static func forwardedFor(_ header: String) -> [String] {
        header.split(separator: ",").compactMap { element in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0].lowercased() == "for" {
                    return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
            return nil
        }
    }

    /// An address as proxies write it: `a.b.c.d`, `a.b.c.d:port`, an IPv6 literal, or `[v6]:port`.
    static func parse(_ text: String) -> SocketAddress? {
        var host = Substring(text.trimmingCharacters(in: .whitespaces))
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            host = host[host.index(after: host.startIndex)..<close]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        return try? SocketAddress(ipAddress: String(host), port: 0)
    }

    /// The full address (no /64 grouping): a proxy is one host. An IPv4 address written as IPv6
    /// (`::ffff:a.b.c.d`, how a dual-stack listener sees an IPv4 peer) is its IPv4 address, so
    /// `--trusted-proxy 127.0.0.1` matches it however the listener is bound.
    private static func exact(_ address: SocketAddress) -> String {
        if let mapped = ClientAddress.mappedIPv4(address) { return mapped }
        return address.ipAddress ?? ClientAddress.key(address)
    }
}
