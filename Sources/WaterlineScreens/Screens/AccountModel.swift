import Foundation
import Observation
import WaterlineCore

/// Signing in with Apple from anywhere (onboarding, Settings, the sync indicator), and the
/// choice asked when the account differs from the one whose data the device holds.
///
/// The view runs Apple's sheet and hands the identity token here; everything after it (the
/// backend sign-in, the account check, the first sync) is `AccountActions`'.
@Observable
@MainActor
public final class AccountModel {
    /// Whether a session token that has not expired is kept.
    public private(set) var isSignedIn = false
    /// The account waiting for the person's `AccountChoice`; nil when nothing is asked.
    public private(set) var accountAwaitingChoice: UUID?
    public private(set) var isWorking = false
    public private(set) var errorMessage: String?

    @ObservationIgnored private let account: any AccountActions
    /// Apple's answer whose exchange with the backend failed (offline, a server error): "Try
    /// Again" sends it again, without a second Apple sheet, while Apple's token is still good.
    @ObservationIgnored private var unsentSignIn: (identityToken: String, nonce: String, authorizationCode: String?)?

    public init(account: any AccountActions) {
        self.account = account
    }

    /// Whether the choice dialog is shown.
    public var isChoosingAccountData: Bool { accountAwaitingChoice != nil }

    /// The dialog's words: what each choice does, plainly.
    public static var choiceMessage: String { KitText.string(KitStrings.accountChoice) }

    public func refresh() async {
        isSignedIn = await account.isSignedIn()
    }

    /// Apple's sheet returned an identity token for `nonce`, and its authorization code.
    public func signInCompleted(identityToken: String, nonce: String, authorizationCode: String? = nil) async {
        isWorking = true
        defer { isWorking = false }
        do {
            let awaiting = try await account.signIn(identityToken: identityToken, nonce: nonce, authorizationCode: authorizationCode)
            isSignedIn = true
            errorMessage = nil
            unsentSignIn = nil
            accountAwaitingChoice = awaiting
        } catch {
            unsentSignIn = (identityToken, nonce, authorizationCode)
            errorMessage = ScreenMessage.describe(error)
        }
    }

    /// Whether the error's "Try Again" can do something: send Apple's answer to the backend again.
    /// When Apple's own sheet failed there is nothing to resend; the Sign in with Apple button is
    /// the way to try again then.
    public var canRetrySignIn: Bool { unsentSignIn != nil && errorMessage != nil }

    /// "Try Again" on the sign-in error.
    public func retrySignInTapped() async {
        guard let unsent = unsentSignIn else { return }
        await signInCompleted(identityToken: unsent.identityToken, nonce: unsent.nonce, authorizationCode: unsent.authorizationCode)
    }

    /// The error was read ("OK", or "Cancel" beside "Try Again").
    public func errorDismissed() {
        errorMessage = nil
        unsentSignIn = nil
    }

    /// Apple's sheet failed (not cancelled: a cancel is no error).
    public func signInFailed(_ message: String) {
        unsentSignIn = nil
        errorMessage = message
    }

    public func choose(_ choice: AccountChoice) async {
        guard let awaiting = accountAwaitingChoice else { return }
        isWorking = true
        defer { isWorking = false }
        do {
            try await account.choose(choice, for: awaiting)
            accountAwaitingChoice = nil
        } catch {
            errorMessage = ScreenMessage.describe(error)
        }
    }

    /// Put off the choice: nothing syncs meanwhile, and it is asked again at the next sign-in or
    /// from the sync indicator.
    public func choiceDeferred() {
        accountAwaitingChoice = nil
    }

    /// The sync indicator was tapped while sync waits for the person.
    public func indicatorTapped(status: SyncStatus) async -> IndicatorAction {
        switch status.phase {
        case .accountChoice:
            if let current = try? await account.currentAccount() { accountAwaitingChoice = current }
            return .chooseAccountData
        case .signedOut:
            return .signIn
        case .synced, .syncing, .offline:
            return status.renewSignInBy == nil ? .none : .signIn
        }
    }

    /// What a tap on the sync indicator opens.
    public enum IndicatorAction: Sendable, Equatable {
        case none
        case signIn
        case chooseAccountData
    }
}
