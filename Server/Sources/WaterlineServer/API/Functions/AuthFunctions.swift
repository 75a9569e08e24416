import WaterlineAPI
import WaterlineCore

extension FunctionHandler {
    /// `auth:signInWithApple` (the only function that needs no session token), `auth:renew` and `auth:signOut`.
    static func authFunctions(_ context: ServerContext) -> [FunctionHandler] {
        [
            .make(Auth.SignInWithApple.self, arguments: ["identityToken", "nonce", "authorizationCode"], authenticated: false) { args, _ in
                if let code = args.authorizationCode, code.isEmpty || code.utf8.count > Limits.appleAuthorizationCode {
                    throw FunctionError(.invalidArgument, "authorizationCode: 1 to \(Limits.appleAuthorizationCode) characters")
                }
                let apple = try await context.apple.verify(identityToken: args.identityToken, nonce: args.nonce)
                // One sign-in per identity token: a captured token and nonce cannot be replayed.
                guard try await context.repository.useNonce(apple.nonce, issuedAt: apple.issuedAt, until: apple.expiresAt, now: context.now()) else {
                    throw FunctionError(.unauthenticated, "this sign-in was already used; sign in with Apple again")
                }
                let user = try await context.repository.findOrCreateUser(appleSub: apple.sub, now: context.now())
                // The person's Apple refresh token, to revoke when the account is deleted. Apple
                // refusing (or not answering) never fails the sign-in: the deletion then says so.
                if let code = args.authorizationCode, let link = context.appleLink,
                   let refreshToken = try? await link.exchange(authorizationCode: code) {
                    try await context.repository.keepAppleRefreshToken(refreshToken, for: user.id)
                }
                let issued = try await context.issueToken(for: user.id)
                return AuthSession(token: issued.token, expiresAt: issued.expiresAt, user: user)
            },
            .make(Auth.Renew.self, arguments: []) { _, caller in
                let caller = try caller.required()
                guard let old = caller.token else { throw FunctionError(.unauthenticated, "sign in first") }
                // A token renewed once is revoked; its successor is not renewed again within
                // minutes, so no account renews in a loop (every renewal keeps a revocation row).
                let age = context.now().timeIntervalSince(old.issuedAt)
                if age < Limits.renewalMinimumAge {
                    throw RetryLater(
                        retryAfter: Limits.renewalMinimumAge - age,
                        message: "this session token was issued moments ago; renew it later (it is still valid)"
                    )
                }
                try context.limits.writes.spend(1, for: caller)
                guard let user = try await context.repository.user(id: caller.userId) else {
                    throw FunctionError(.unauthenticated, "the account no longer exists")
                }
                // The new token is signed first and handed out only by the one call whose
                // revocation of the old token won: a failure before leaves the old one working,
                // and of renewals racing with one token exactly one gets a successor.
                let issued = try await context.issueToken(for: user.id)
                guard try await context.repository.revoke(old, now: context.now()) else {
                    throw FunctionError(.unauthenticated, "this session token was already renewed or signed out; sign in again")
                }
                return AuthSession(token: issued.token, expiresAt: issued.expiresAt, user: user)
            },
            .make(Auth.SignOut.self, arguments: []) { _, caller in
                let caller = try caller.required()
                guard let token = caller.token else { throw FunctionError(.unauthenticated, "sign in first") }
                try context.limits.writes.spend(1, for: caller)
                try await context.repository.revoke(token, now: context.now())
                return SignedOut(revoked: true)
            },
        ]
    }
}
