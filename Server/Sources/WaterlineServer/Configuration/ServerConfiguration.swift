import Foundation
import WaterlineCore

/// Everything the server needs to start, from flags and environment.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Holds the SQLite database and the session signing key.
    public var dataDirectory: URL
    /// A `postgres://` URL to use PostgreSQL instead of SQLite.
    public var databaseURL: String?
    /// The bundle id Apple puts in identity tokens' `aud`.
    public var appleAudience: String
    public var appleJWKSURL: URL
    /// The deployer's Sign in with Apple key: with it, sign-in keeps the person's Apple refresh
    /// token and deleting the account revokes it (`AppleAccountLink`); without it, deletion says
    /// the link was not revoked.
    public var appleSignInKey: AppleSignInKey?
    /// Where Apple's `/auth/token` and `/auth/revoke` are (a stand-in's address in tests).
    public var appleAuthURL: URL
    /// The `iss` of the server's own session tokens.
    public var tokenIssuer: String
    public var tokenLifetime: TimeInterval
    /// A PEM ES256 private key; when nil one is generated once and kept in the data directory.
    public var signingKeyPEM: String?
    /// A connection with nothing to read or write for this long is closed.
    public var idleTimeout: TimeInterval
    /// A connection whose next request head is not complete within this long (of the connection
    /// opening, or of the previous request) is closed, however slowly bytes trickle in; and a
    /// request whose head arrived but which is not fully read within this long is dropped.
    public var requestReadTimeout: TimeInterval
    /// How many connections are served at once; nil: just under the process's file limit
    /// (raised to its hard limit at start-up). Past it, new connections wait to be accepted.
    public var maximumConnections: Int?
    /// Connections one client holds at once (an IPv4 address, or an IPv6 /64); past it a new
    /// one is closed at once, so one host cannot take every place. Trusted proxies are exempt.
    public var maximumConnectionsPerClient: Int
    /// Reverse proxies whose `Forwarded`/`X-Forwarded-For` name the client (`TrustedProxies`).
    public var trustedProxies: TrustedProxies
    /// Calls without a valid session token, per address: a burst, then this many a second.
    public var anonymousBurst: Double
    public var anonymousPerSecond: Double
    /// Signed-in calls, per user: room for a device draining a long offline stretch.
    public var userBurst: Double
    public var userPerSecond: Double
    /// Records one account may write (`WriteBudget`): a burst, then this many a second. The burst
    /// must hold the largest push (`Limits.pushBatch`).
    public var accountWriteBurst: Double
    public var accountWritesPerSecond: Double
    /// Seconds between passes over the Apple revocations still queued (`AppleRevocations`); nil
    /// runs none on a schedule (a test runs its passes itself), only the try right after a deletion.
    public var appleRevocationInterval: Double? = 60

    public static let defaultAppleJWKSURL = URL(string: "https://appleid.apple.com/auth/keys")!

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL,
        databaseURL: String? = nil,
        appleAudience: String = "com.waterline.app",
        appleJWKSURL: URL = Self.defaultAppleJWKSURL,
        appleSignInKey: AppleSignInKey? = nil,
        appleAuthURL: URL = AppleAccountLink.defaultBaseURL,
        tokenIssuer: String = "waterline-server",
        tokenLifetime: TimeInterval = 30 * 24 * 3600,
        signingKeyPEM: String? = nil,
        idleTimeout: TimeInterval = 30,
        requestReadTimeout: TimeInterval = 10,
        maximumConnections: Int? = nil,
        maximumConnectionsPerClient: Int = 64,
        trustedProxies: TrustedProxies = .none,
        anonymousBurst: Double = 30,
        anonymousPerSecond: Double = 1,
        userBurst: Double = 1_000,
        userPerSecond: Double = 200,
        accountWriteBurst: Double = 25_000,
        accountWritesPerSecond: Double = 10_000.0 / 3600
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.appleAudience = appleAudience
        self.appleJWKSURL = appleJWKSURL
        self.appleSignInKey = appleSignInKey
        self.appleAuthURL = appleAuthURL
        self.tokenIssuer = tokenIssuer
        self.tokenLifetime = tokenLifetime
        self.signingKeyPEM = signingKeyPEM
        self.idleTimeout = idleTimeout
        self.requestReadTimeout = requestReadTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.trustedProxies = trustedProxies
        self.anonymousBurst = anonymousBurst
        self.anonymousPerSecond = anonymousPerSecond
        self.userBurst = userBurst
        self.userPerSecond = userPerSecond
        self.accountWriteBurst = max(accountWriteBurst, Double(Limits.pushBatch))
        self.accountWritesPerSecond = accountWritesPerSecond
    }
}
