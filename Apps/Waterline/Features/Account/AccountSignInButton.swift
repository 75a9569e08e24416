import AuthenticationServices
import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Sign in with Apple, wherever it is offered (onboarding, Settings, the sync indicator's
/// sheet): Apple's sheet here, everything after the identity token in `AccountModel`.
struct AccountSignInButton: View {
    let account: AccountModel
    var onFinished: () -> Void = {}
    @State private var nonce = SignInNonce()

    var body: some View {
        SignInWithAppleButton(.signIn) { request in
            nonce = SignInNonce()
            request.requestedScopes = []
            request.nonce = nonce.sha256
        } onCompletion: { result in
            let raw = nonce.raw
            switch result {
            case .success(let authorization):
                guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
                      let data = credential.identityToken, let token = String(data: data, encoding: .utf8)
                else {
                    account.signInFailed(String(localized: "Apple did not return an identity token."))
                    return
                }
                // Apple's one-time code: the backend exchanges it, to revoke the link with the account.
                let code = credential.authorizationCode.flatMap { String(data: $0, encoding: .utf8) }
                Task {
                    await account.signInCompleted(identityToken: token, nonce: raw, authorizationCode: code)
                    onFinished()
                }
            case .failure(let error):
                if (error as? ASAuthorizationError)?.code != .canceled {
                    account.signInFailed(error.localizedDescription)
                }
            }
        }
        .signInWithAppleButtonStyle(.black)
        .frame(height: Metrics.primaryButtonHeight)
        .disabled(account.isWorking)
        .accessibilityHint(Text("Keeps a backup of your sessions and syncs them to your other devices"))
    }
}
