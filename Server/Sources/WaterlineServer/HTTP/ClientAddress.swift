import NIOCore

/// The client a connection or call is counted under: an IPv4 address, or the /64 network of an
/// IPv6 one (a host is given a whole /64, so counting full IPv6 addresses would let one host be
/// billions of clients). An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) counts as IPv4.
enum ClientAddress {
    static func key(_ address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        switch address {
        case .v4:
            return address.ipAddress ?? "unknown"
        case .v6(let v6):
            if let mapped = mappedIPv4(address) { return mapped }
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            guard bytes.count == 16 else { return address.ipAddress ?? "unknown" }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return "local"
        }
    }

    /// The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for, nil for any
    /// other: every place a peer is compared or counted reads it as IPv4.
    static func mappedIPv4(_ address: SocketAddress) -> String? {
        guard case .v6(let v6) = address else { return nil }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
        return bytes[12..<16].map(String.init).joined(separator: ".")
    }
}
