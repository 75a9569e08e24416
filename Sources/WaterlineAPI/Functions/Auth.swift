import WaterlineCore

/// `auth:*`: exchanging an Apple identity token for the backend's own session token.
public enum Auth {
    /// Verifies the Apple identity token (signature, issuer, audience, expiry, nonce), creates
    /// the account on first sign-in, and returns a session token. Needs no bearer token. With
    /// the authorization code, a backend that has the deployer's Sign in with Apple key exchanges
    /// it for the person's Apple refresh token, kept to revoke when the account is deleted.
    public struct SignInWithApple: ConvexFunction {
        public struct Args: Codable, Hashable, Sendable {
            public var identityToken: String
            /// The raw nonce; its SHA-256 (hex) must equal the token's `nonce` claim.
            public var nonce: String
            /// Apple's one-time authorization code (`ASAuthorizationAppleIDCredential.authorizationCode`).
            public var authorizationCode: String?

            public init(identityToken: String, nonce: String, authorizationCode: String? = nil) {
                self.identityToken = identityToken
                self.nonce = nonce
                self.authorizationCode = authorizationCode
            }
        }
        public typealias Value = AuthSession
        public static let name = "auth:signInWithApple"
        public static let kind = FunctionKind.action
    }

    /// A new session token for the caller, living the backend's full lifetime from now; the one
    /// the call is made with is ended (refused from then on), so a device that renews keeps
    /// syncing without a sign-in, and a copy of its old token is worth nothing.
    public struct Renew: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = AuthSession
        public static let name = "auth:renew"
        public static let kind = FunctionKind.action
    }

    /// Ends the session token the call is made with, on the backend: it is refused from then on.
    public struct SignOut: ConvexFunction {
        public typealias Args = NoArgs
        public typealias Value = SignedOut
        public static let name = "auth:signOut"
        public static let kind = FunctionKind.mutation
    }
}
