import Foundation
import Observation

/// Signing in with Apple from anywhere (onboarding, Settings, the sync indicator), and the
/// choice asked when the account differs from the one whose data the device holds.
///
/// The view runs Apple's sheet and hands the identity token here; everything after it (the
/// backend sign-in, the account check, the first sync) is decided in the kit.
@Observable
@MainActor
public final class AccountModel {
    /// Whether a session token that has not expired is kept.
    public private(set) var isSignedIn = false
    /// The account waiting for the person's `AccountChoice`; nil when nothing is asked.
    public private(set) var accountAwaitingChoice: UUID?
    public private(set) var isWorking = false
    public private(set) var errorMessage: String?

    private let auth: AuthClient
    private let link: AccountLink
    private let store: any SyncStore
    private let service: SessionService
    private let effects: any SessionEffectHandler
    private let sync: @Sendable () async -> SyncStatus

    /// - Parameter sync: pulls and pushes (the app's `SyncEngine.pull`); run after signing in and
    ///   after a choice.
    public init(auth: AuthClient, store: any SyncStore, service: SessionService, effects: any SessionEffectHandler,
                sync: @escaping @Sendable () async -> SyncStatus) {
        self.auth = auth
        self.link = AccountLink(store: store, service: service)
        self.store = store
        self.service = service
        self.effects = effects
        self.sync = sync
    }

    /// Whether the choice dialog is shown.
    public var isChoosingAccountData: Bool { accountAwaitingChoice != nil }

    /// The dialog's words: what each choice does, plainly.
    public static var choiceMessage: String { KitText.string(KitStrings.accountChoice) }

    public func refresh() async {
        isSignedIn = await auth.isSignedIn()
    }

    /// Apple's sheet returned an identity token for `nonce`.
    public func signInCompleted(identityToken: String, nonce: String) async {
        isWorking = true
        defer { isWorking = false }
        do {
            // The person exists on this device first, so the account links to them and the pull
            // has somewhere to merge into.
            _ = try await service.prepare()
            let session = try await auth.signIn(identityToken: identityToken, nonce: nonce, linking: store)
            isSignedIn = true
            errorMessage = nil
            if try await link.needsChoice(signingInAs: session.user.id) {
                accountAwaitingChoice = session.user.id
                return
            }
            _ = await sync()
        } catch {
            errorMessage = ScreenMessage.describe(error)
        }
    }

    /// Apple's sheet failed (not cancelled: a cancel is no error).
    public func signInFailed(_ message: String) {
        errorMessage = message
    }

    public func choose(_ choice: AccountChoice) async {
        guard let account = accountAwaitingChoice else { return }
        isWorking = true
        defer { isWorking = false }
        do {
            await effects.perform(try await link.resolve(choice, for: account))
            accountAwaitingChoice = nil
            _ = await sync()
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
            if let credential = try? await auth.currentAccount() { accountAwaitingChoice = credential }
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
