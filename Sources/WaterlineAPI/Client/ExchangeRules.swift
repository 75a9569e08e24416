import Foundation

/// What every transport that talks to a real server refuses, worded once (`URLSessionTransport`
/// on Apple's devices, the command line's `AsyncHTTPClientTransport` on Linux).
public enum ExchangeRules {
    /// `scheme://host:port`, the port written out, so `https://a` and `https://a:443` agree.
    public static func origin(_ url: URL?) -> String {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return "" }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    /// An answer past `limit` bytes (announced, counted as it came, or made by decompression).
    public static func answerTooLarge(_ limit: Int) -> ConvexError {
        .badResponse("the answer is larger than \(limit) bytes, more than any the backend sends; not read further")
    }

    /// A redirect off the origin the request was sent to: the request carries the session token,
    /// which must reach only the server it was meant for.
    public static func redirectRefused(to target: URL?, from origin: String) -> ConvexError {
        .badResponse("the server redirected to \(Self.origin(target)); not followed, so the session token goes only to \(origin)")
    }
}
