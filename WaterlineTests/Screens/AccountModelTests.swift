import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// Signing in from anywhere, and the choice when the device holds another account's data.
@Suite("Account model")
@MainActor
struct AccountModelTests {
    /// The backend's answer to a sign-in as `account`.
    static func sessionAnswer(_ account: UUID) throws -> ScriptedTransport.Answer {
        let session = AuthSession(token: "t2", expiresAt: Fixed.start.addingTimeInterval(30 * 86_400),
                                  user: User(id: account, appleUserId: "apple-2", createdAt: Fixed.start, settings: UserSettings()))
        let value = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(session))
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
        return .json(200, String(decoding: data, as: UTF8.self))
    }

    /// A backend whose sign-in answers as `account`.
    static func backend(signingInAs account: UUID) throws -> ScriptedTransport {
        let session = AuthSession(token: "t2", expiresAt: Fixed.start.addingTimeInterval(30 * 86_400),
                                  user: User(id: account, appleUserId: "apple-2", createdAt: Fixed.start, settings: UserSettings()))
        let value = try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(session))
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "value": value])
        return ScriptedTransport([.json(200, String(decoding: data, as: UTF8.self))])
    }

    /// The account screen over a phone whose runtime syncs `harness`'s account; the phone's
    /// recording sync runner counts the syncs that follow.
    func model(_ harness: ServiceHarness, transport: ScriptedTransport, credentials: InMemoryCredentialStore,
               phone: DeviceProcess? = nil) -> (AccountModel, DeviceProcess) {
        let client = ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: transport, token: { "t" })
        let auth = AuthClient(client: client, credentials: credentials, now: { Fixed.start })
        let phone = SyncEngineTests.phone(harness, phone)
        return (AccountModel(account: AccountService(auth: auth, runtime: phone.runtime)), phone)
    }

    @Test("signing in where nothing syncs an account of its own (an extension, the watch) is refused and writes nothing")
    func noSyncedAccount() async throws {
        let harness = try await ServiceHarness.prepared()
        let widget = DeviceProcess(harness, capabilities: .phoneExtension)
        let before = try await harness.store.user()
        await #expect(throws: NoSyncedAccount.self) { try await widget.runtime.handle(.signedIn(as: UUID(), appleUserId: "apple-9")) }
        await #expect(throws: NoSyncedAccount.self) { try await widget.runtime.handle(.accountChosen(.startClean, for: UUID())) }
        #expect(try await harness.store.user() == before)
        #expect(try await harness.store.syncCursor() == nil)
    }

    @Test("the first account to sign in on a device takes its data without a question")
    func firstSignIn() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let account = UUID()
        let (model, device) = model(harness, transport: try Self.backend(signingInAs: account), credentials: InMemoryCredentialStore())
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        #expect(model.isSignedIn)
        #expect(!model.isChoosingAccountData)
        #expect(device.sync.pulls == 1)
        #expect(model.errorMessage == nil)
    }

    @Test(
        "Apple's authorization code goes with the sign-in; a deletion whose Apple link the backend could not end says where to end it",
        arguments: [(AppleSignInRevocation.notConfigured, true), (.noToken, true), (.requested, false)]
    )
    func appleLink(revocation: AppleSignInRevocation, noted: Bool) async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let deleted = DeletedAccount(sessions: 1, logEntries: 3, presets: 0, appleSignIn: revocation)
        let answer = try JSONSerialization.data(withJSONObject: [
            "status": "success", "value": try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(deleted)),
        ])
        let transport = ScriptedTransport([try Self.sessionAnswer(UUID()), .json(200, String(decoding: answer, as: UTF8.self))])
        let phone = DeviceProcess(harness, expecting: [.widgets, .watch, .sync, .screens])
        let client = ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: transport, token: { "t" })
        let service = AccountService(
            auth: AuthClient(client: client, credentials: InMemoryCredentialStore(), now: { Fixed.start }), runtime: SyncEngineTests.phone(harness, phone).runtime
        )
        await AccountModel(account: service).signInCompleted(identityToken: "apple-token", nonce: "n", authorizationCode: "code-1")
        #expect(transport.sent.first?.args["authorizationCode"] as? String == "code-1")

        let settings = SettingsModel(actions: phone.runtime, account: service, permissions: phone.runtime, preferences: MemoryPreferences())
        await settings.deleteAccountConfirmed()
        #expect(settings.accountDeleted && settings.errorMessage == nil)
        #expect(transport.sent.last?.path == Users.DeleteAccount.name)
        #expect(settings.deletionNote == (noted ? KitText.string(KitStrings.appleLinkLeft) : nil))
        #expect(settings.deletionNote?.contains("Sign in with Apple") ?? true)
    }

    /// Settings over an account service whose backend answers `answers`, its kept sign-in expiring at `expiresAt`.
    func deletion(_ harness: ServiceHarness, _ phone: DeviceProcess, answers: [ScriptedTransport.Answer], expiresAt: Date) async throws
        -> (SettingsModel, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        let credentials = InMemoryCredentialStore()
        try await credentials.save(StoredCredential(token: "t", expiresAt: expiresAt, userId: UUID(number: 0x5EE), appleUserId: "apple-1"))
        let client = ConvexClient(baseURL: URL(string: "https://example.convex.cloud")!, transport: transport, token: { "t" })
        let service = AccountService(
            auth: AuthClient(client: client, credentials: credentials, now: { Fixed.start }), runtime: SyncEngineTests.phone(harness, phone).runtime
        )
        let settings = SettingsModel(
            actions: phone.runtime, account: service, permissions: phone.runtime, preferences: MemoryPreferences(), health: phone.runtime.healthSwitch
        )
        await settings.appeared()
        return (settings, transport)
    }

    /// A phone with a session running, Health on and a water written to it.
    static func sessionWrittenToHealth() async throws -> (ServiceHarness, DeviceProcess) {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let phone = DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens, .health])
        _ = await phone.healthWriter.turnOn()
        _ = try await phone.runtime.send(.logWater(source: .phone))
        await phone.settled()
        return (harness, phone)
    }

    @Test("an expired sign-in, or one the server no longer accepts: deleting deletes nothing, here or there, and says to sign in again; Health's data stays too")
    func deletionNeedsSignIn() async throws {
        let (harness, phone) = try await Self.sessionWrittenToHealth()
        #expect(!phone.health.samples.isEmpty)
        let refused = #"{"status":"error","errorMessage":"the session token has expired","errorData":{"code":"UNAUTHENTICATED"}}"#
        for (answers, expiresAt) in [([ScriptedTransport.Answer](), Fixed.start.addingTimeInterval(-1)), ([.json(200, refused)], Fixed.start.addingTimeInterval(86_400))] {
            let (settings, transport) = try await deletion(harness, phone, answers: answers, expiresAt: expiresAt)
            await settings.deleteAccountConfirmed(removingHealthData: true)
            #expect(!settings.accountDeleted)
            #expect(settings.errorMessage == KitText.string(KitStrings.deleteNeedsSignIn))
            #expect(transport.sent.count == answers.count, "an expired sign-in asks the server nothing")
            #expect(try await phone.runtime.reader.currentState().active != nil, "the session is still here")
            #expect(!phone.health.samples.isEmpty && settings.isWritingToHealth, "and Health is as it was")
        }
    }

    @Test("Delete Everything, Health Data Too: offline, nothing goes (account, data, Health); online, Health's data goes only after the account did")
    func healthGoesWithTheAccount() async throws {
        let (harness, phone) = try await Self.sessionWrittenToHealth()
        let later = Fixed.start.addingTimeInterval(86_400)
        let (offline, _) = try await deletion(harness, phone, answers: [.offline], expiresAt: later)
        await offline.deleteAccountConfirmed(removingHealthData: true)
        #expect(!offline.accountDeleted && offline.errorMessage == KitText.string(KitStrings.messageOffline))
        #expect(!phone.health.samples.isEmpty && offline.isWritingToHealth, "Health's data is kept while the account is")

        let deleted = try JSONSerialization.data(withJSONObject: [
            "status": "success",
            "value": try JSONSerialization.jsonObject(with: WaterlineCoding.encoder().encode(DeletedAccount(sessions: 1, logEntries: 2, presets: 0, appleSignIn: .requested))),
        ])
        let (online, _) = try await deletion(harness, phone, answers: [.json(200, String(decoding: deleted, as: UTF8.self))], expiresAt: later)
        await online.deleteAccountConfirmed(removingHealthData: true)
        #expect(online.accountDeleted && online.errorMessage == nil)
        #expect(phone.health.samples.isEmpty && !online.isWritingToHealth, "gone with the account")

        let (again, locked) = try await Self.sessionWrittenToHealth()
        locked.health.failsDeletingEverything = true
        let (settings, _) = try await deletion(again, locked, answers: [.json(200, String(decoding: deleted, as: UTF8.self))], expiresAt: later)
        await settings.deleteAccountConfirmed(removingHealthData: true)
        #expect(settings.accountDeleted && settings.deletionNote == KitText.string(KitStrings.healthNotRemoved), "said plainly, with where to remove it")
        #expect(!locked.health.samples.isEmpty && !settings.isWritingToHealth, "Health stops all the same")
    }

    @Test("offline at sign-in: Try Again sends Apple's answer again and signs in; an Apple failure offers no retry")
    func tryAgain() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        // Offline for the first exchange, then the backend answers.
        let flaky = ScriptedTransport([.offline, try Self.sessionAnswer(UUID())])
        let (model, device) = model(harness, transport: flaky, credentials: InMemoryCredentialStore())
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        #expect(!model.isSignedIn && model.errorMessage != nil)
        #expect(model.canRetrySignIn, "Try Again has something to send")
        await model.retrySignInTapped()
        #expect(model.isSignedIn && model.errorMessage == nil && !model.canRetrySignIn)
        #expect(flaky.sent.count == 2 && flaky.sent.allSatisfy { ($0.args["identityToken"] as? String) == "apple-token" },
                "the same answer, no second Apple sheet")
        #expect(device.sync.pulls == 1)

        model.signInFailed("Apple said no.")
        #expect(!model.canRetrySignIn, "nothing to resend: the button is the way to try again")
        model.errorDismissed()
        #expect(model.errorMessage == nil)
    }

    @Test("signing in as another account asks first, syncs nothing meanwhile, then keeps this device's data for it")
    func anotherAccountKeeps() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let previous = UUID()
        try await harness.store.saveSyncCursor(SyncCursor(accountId: previous, position: 12))
        // Everything had been synced to the previous account.
        try await harness.store.settle(try await harness.store.pendingChanges().map { PushedChange(key: $0.id, revision: $0.revision) })
        let account = UUID()
        let credentials = InMemoryCredentialStore()
        let (model, device) = model(harness, transport: try Self.backend(signingInAs: account), credentials: credentials)
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        #expect(model.isChoosingAccountData)
        #expect(device.sync.pulls == 0)
        #expect(await credentials.load()?.userId == account)

        await model.choose(.keepThisDevicesData)
        #expect(!model.isChoosingAccountData)
        #expect(device.sync.pulls == 1)
        #expect(try await harness.store.syncCursor() == SyncCursor(accountId: account, position: nil))
        #expect(try await harness.store.pendingChanges().contains { $0.id.entity == .session })
    }

    @Test("starting clean ends the running session's reminders and leaves no session of the other account")
    func anotherAccountStartsClean() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        try await harness.store.saveSyncCursor(SyncCursor(accountId: UUID(), position: 3))
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.becameActive)
        let (model, _) = model(harness, transport: try Self.backend(signingInAs: UUID()), credentials: InMemoryCredentialStore(), phone: phone)
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        let pulled = phone.sync.pulls
        await model.choose(.startClean)
        #expect(try await harness.store.activeSession() == nil)
        #expect(phone.notifications.pending.isEmpty && phone.liveActivities.running.isEmpty, "the session's reminders and Live Activity went with it")
        #expect(phone.sync.pulls == pulled + 1, "then one sync, for the account chosen")
    }

    @Test("the sync indicator opens sign-in when signed out or ending soon, and the choice when one waits")
    func indicator() async throws {
        let harness = try await ServiceHarness.prepared()
        let account = UUID()
        let credentials = InMemoryCredentialStore(StoredCredential(token: "t", expiresAt: Fixed.start, userId: account, appleUserId: nil))
        let (model, _) = model(harness, transport: ScriptedTransport(), credentials: credentials)
        #expect(await model.indicatorTapped(status: SyncStatus(phase: .signedOut)) == .signIn)
        #expect(await model.indicatorTapped(status: SyncStatus(phase: .synced, renewSignInBy: Fixed.start)) == .signIn)
        #expect(await model.indicatorTapped(status: SyncStatus(phase: .synced)) == .none)
        #expect(await model.indicatorTapped(status: SyncStatus(phase: .accountChoice)) == .chooseAccountData)
        #expect(model.accountAwaitingChoice == account)
    }

    @Test("a server that cannot be reached leaves a calm message and nothing half done")
    func offline() async throws {
        let harness = try await ServiceHarness.prepared()
        let credentials = InMemoryCredentialStore()
        let (model, _) = model(harness, transport: ScriptedTransport([.offline]), credentials: credentials)
        await model.signInCompleted(identityToken: "apple-token", nonce: "n")
        #expect(!model.isSignedIn)
        #expect(model.errorMessage?.contains("could not reach the server") == true)
        #expect(await credentials.load() == nil)
    }
}
