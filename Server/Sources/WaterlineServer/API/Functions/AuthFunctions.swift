import WaterlineKit

extension FunctionHandler {
    /// `auth:signInWithApple`: the only function that needs no session token.
    static func authFunctions(_ context: ServerContext) -> [FunctionHandler] {
        [
            .make(Auth.SignInWithApple.self, arguments: ["identityToken", "nonce"], authenticated: false) { args, _ in
                let sub = try await context.apple.verify(identityToken: args.identityToken, nonce: args.nonce)
                let user = try await context.repository.findOrCreateUser(appleSub: sub, now: context.now())
                let issued = try await context.tokens.issue(for: user.id)
                return AuthSession(token: issued.token, expiresAt: issued.expiresAt, user: user)
            },
        ]
    }
}
