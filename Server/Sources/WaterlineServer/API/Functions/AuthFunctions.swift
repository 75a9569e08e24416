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
                let issued = try await context.tokens.issue(for: user.id)
                return AuthSession(token: issued.token, expiresAt: issued.expiresAt, user: user)
            },
            .make(Auth.Renew.self, arguments: []) { _, caller in
                let caller = try caller.required()
                guard let old = caller.token else { throw FunctionError(.unauthenticated, "sign in first") }
                guard let user = try await context.repository.user(id: caller.userId) else {
                    throw FunctionError(.unauthenticated, "the account no longer exists")
                }
                // The new token first: a failure after it leaves the old one working, never neither.
                let issued = try await context.tokens.issue(for: user.id)
                try await context.repository.revoke(old, now: context.now())
                return AuthSession(token: issued.token, expiresAt: issued.expiresAt, user: user)
            },
            .make(Auth.SignOut.self, arguments: []) { _, caller in
                guard let token = try caller.required().token else { throw FunctionError(.unauthenticated, "sign in first") }
                try await context.repository.revoke(token, now: context.now())
                return SignedOut(revoked: true)
            },
        ]
    }
}
