/// The header a trusted reverse proxy appends the client's address to (`--forwarded-header`).
/// Only that one is read: a proxy passes the other through as the client wrote it.
public enum ForwardingHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1` — what nginx (`$proxy_add_x_forwarded_for`) and Caddy write.
    case xForwardedFor = "x-forwarded-for"
    /// `Forwarded: for=client` (RFC 7239), for a proxy configured to write it.
    case forwarded
}
