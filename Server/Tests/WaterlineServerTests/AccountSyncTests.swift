import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
import WaterlineTestSupport
@testable import WaterlineServer

/// The app's sync (batched push, cursor pull, the account check) against the real server, on each storage.
@Suite("Accounts and devices against the server")
@MainActor
struct AccountSyncTests {
    typealias Device = SyncContractTests.Device

    /// Everything a device holds, tombstones included, comparable across devices.
    static func snapshot(_ store: InMemorySessionStore) async throws -> [String] {
        var lines: [String] = []
        for session in try await store.sessions(limit: nil) {
            lines.append("session \(session.id) \(session.endTime.map { "\($0.timeIntervalSince1970)" } ?? "-")")
            for log in try await store.logs(sessionId: session.id) {
                lines.append("log \(log.id) \(log.alcoholMeta?.standardDrinkEstimate ?? 0) \(log.waterMeta?.amountOz ?? 0)")
            }
        }
        for preset in try await store.presets() { lines.append("preset \(preset.id) \(preset.name)") }
        return lines.sorted()
    }

    /// Signs `device` in as Apple user `sub` through the app's account model (nothing synced yet).
    /// The account screen's model on `device`, through a runtime over its service, as the app builds it.
    @MainActor
    /// Its runtime runs `engine`, as the app's runs its one engine: the sign-in's sync is its pull.
    static func signIn(_ device: Device, sub: String, at server: TestServer, engine: SyncEngine) async throws -> AccountModel {
        let auth = AuthClient(client: device.client(server.baseURL), credentials: device.credentials)
        var platform = RuntimePlatform.headless()
        platform.sync = engine
        let model = AccountModel(account: AccountService(auth: auth, runtime: AppRuntime(service: device.service, platform: platform)))
        let nonce = UUID().uuidString
        await model.signInCompleted(identityToken: try await FakeApple.identityToken(sub: sub, nonce: nonce), nonce: nonce)
        return model
    }

    @Test("two devices that each started a session offline converge on one session holding every log, whichever syncs how", arguments: StorageKind.available)
    func twoOfflineSessions(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        for tabletPushesFirst in [false, true] {
            let account = try await server.signIn()
            let clock = ManualClock()
            let phone = Device(signedIn: account, clock: clock)
            let tablet = Device(signedIn: account, clock: clock)
            _ = try await phone.service.prepare()
            _ = try await tablet.service.prepare()
            #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)
            #expect(await tablet.engine(server.baseURL).pull().status.phase == .synced)

            // Offline, each starts a night out and logs in it.
            let phoneSession = try await phone.service.startSession().snapshot.session
            clock.advance(seconds: 60)
            _ = try await phone.service.quickLog(.alcohol, source: .phone)
            clock.advance(seconds: 60)
            let tabletSession = try await tablet.service.startSession().snapshot.session
            clock.advance(seconds: 60)
            _ = try await tablet.service.quickLog(.water, source: .phone)
            _ = try await tablet.service.quickLog(.alcohol, source: .phone)
            clock.advance(seconds: 60)
            _ = try await phone.service.quickLog(.alcohol, source: .phone)

            // The phone comes back first: its session is the account's running session.
            #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)
            if tabletPushesFirst {
                // The tablet pushes before it pulls: its session and logs are refused for now.
                let pushed = await tablet.engine(server.baseURL).push().status
                #expect(pushed.failedCount == 3, "\(pushed.lastError ?? "")")
            }
            let tabletSync = await tablet.engine(server.baseURL).pull().status
            #expect(tabletSync.phase == .synced && tabletSync.failedCount == 0, "\(tabletSync.lastError ?? "")")
            #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)

            // One session, every log in it, the same everywhere.
            let phoneView = try await Self.snapshot(phone.store)
            #expect(phoneView == (try await Self.snapshot(tablet.store)))
            #expect(phoneView.filter { $0.hasPrefix("session") } == ["session \(phoneSession.id) -"])
            #expect(phoneView.filter { $0.hasPrefix("log") }.count == 4)
            #expect(try await phone.store.activeSession()?.id == phoneSession.id)
            #expect(try await tablet.store.activeSession()?.id == phoneSession.id)
            #expect(try await tablet.store.activeSession()?.startTime == phoneSession.startTime)
            #expect(try await tablet.store.session(id: tabletSession.id) == nil)
            let api = server.client(token: account.token)
            #expect(try await api.call(Sessions.GetActive.self)?.id == phoneSession.id)
            #expect(try await api.call(LogEntries.ListForSession.self, .init(sessionId: phoneSession.id)).count == 4)
        }
    }

    @Test("two devices that change different settings meanwhile both keep their change, on the server and on each other", arguments: StorageKind.available)
    func settingsPerField(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        for tabletSyncsFirst in [false, true] {
            let account = try await server.signIn()
            let clock = ManualClock()
            let phone = Device(signedIn: account, clock: clock)
            let tablet = Device(signedIn: account, clock: clock)
            _ = try await phone.service.prepare()
            _ = try await tablet.service.prepare()
            var chosen = try await phone.service.settings()
            chosen.warningThreshold = 3
            _ = try await phone.service.updateSettings(chosen)
            #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)
            #expect(await tablet.engine(server.baseURL).pull().status.phase == .synced)
            #expect(try await tablet.service.settings().warningThreshold == 3)

            // Offline, the phone changes N and, a minute later, the tablet the units.
            clock.advance(seconds: 60)
            var onPhone = try await phone.service.settings()
            onPhone.waterEveryNDrinks = 4
            _ = try await phone.service.updateSettings(onPhone)
            clock.advance(seconds: 60)
            var onTablet = try await tablet.service.settings()
            onTablet.units = .ml
            _ = try await tablet.service.updateSettings(onTablet)

            let (first, second) = tabletSyncsFirst ? (tablet, phone) : (phone, tablet)
            #expect(await first.engine(server.baseURL).pull().status.phase == .synced)
            #expect(await second.engine(server.baseURL).pull().status.phase == .synced)
            #expect(await first.engine(server.baseURL).pull().status.phase == .synced)

            for device in [phone, tablet] {
                let settings = try await device.service.settings()
                #expect(settings.waterEveryNDrinks == 4 && settings.units == .ml && settings.warningThreshold == 3,
                        "every change kept: \(settings)")
            }
            let kept = try await server.client(token: account.token).call(Users.Me.self).settings
            #expect(kept.waterEveryNDrinks == 4 && kept.units == .ml && kept.warningThreshold == 3)
            #expect(try await phone.store.pendingChanges().isEmpty)
            #expect(try await tablet.store.pendingChanges().isEmpty)
        }
    }

    @Test("two devices editing and deleting the same records converge, on the server and on each other", arguments: StorageKind.available)
    func converge(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        let account = try await server.signIn()
        let clock = ManualClock()
        let phone = Device(signedIn: account, clock: clock)
        let tablet = Device(signedIn: account, clock: clock)
        _ = try await phone.service.prepare()
        _ = try await tablet.service.prepare()
        _ = try await phone.service.startSession()
        var logs: [LogEntry] = []
        for _ in 0..<6 { logs.append(try #require(try await phone.service.quickLog(.alcohol, source: .phone).changedLog)) }
        #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)
        #expect(await tablet.engine(server.baseURL).pull().status.phase == .synced)
        #expect(try await Self.snapshot(phone.store) == Self.snapshot(tablet.store))

        // Offline from each other, both change the same records in an interleaved order.
        for (index, log) in logs.enumerated() {
            clock.advance(seconds: 30)
            let editor = index.isMultiple(of: 2) ? phone : tablet
            let other = index.isMultiple(of: 2) ? tablet : phone
            var edit = log
            edit.alcoholMeta?.standardDrinkEstimate = Double(index) + 0.5
            _ = try await editor.service.editLog(edit)
            clock.advance(seconds: 30)
            if index % 3 == 0 { _ = try await other.service.deleteLog(id: log.id) }
        }
        let preset = try #require(try await phone.service.presets().first)
        _ = try await tablet.service.deletePreset(id: preset.id)
        clock.advance(seconds: 30)
        var renamed = preset
        renamed.name = "Renamed"
        _ = try await phone.service.updatePreset(renamed)

        for device in [phone, tablet, phone, tablet] {
            let status = await device.engine(server.baseURL).pull().status
            #expect(status.phase == .synced, "\(status)")
            #expect(status.failedCount == 0, "\(status.lastError ?? "")")
        }
        let phoneView = try await Self.snapshot(phone.store)
        #expect(phoneView == (try await Self.snapshot(tablet.store)))
        #expect(!phoneView.contains { $0.hasPrefix("log \(logs[0].id)") }, "deleted on one device, gone on both")
        #expect(!phoneView.contains { $0.hasPrefix("preset \(preset.id)") }, "a delete is final, even over a later rename")

        // A third device pulling from scratch sees the same.
        let fresh = Device(signedIn: account, clock: clock)
        _ = try await fresh.service.prepare()
        #expect(await fresh.engine(server.baseURL).pull().status.phase == .synced)
        #expect(try await Self.snapshot(fresh.store) == phoneView)
    }

    @Test("signed out, then in as another account and starting clean: no data crosses either way", arguments: StorageKind.available)
    func anotherAccountStartsClean(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        let alice = try await server.signIn()
        let phone = Device(signedIn: alice)
        _ = try await phone.service.prepare()
        let aliceSession = try await phone.service.startSession().snapshot.session
        _ = try await phone.service.quickLog(.alcohol, source: .phone)
        #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)

        // Bob has his own session on another device.
        let bobSub = "apple-bob-\(UUID().uuidString)"
        let bob = try await server.signIn(sub: bobSub)
        let bobPhone = Device(signedIn: bob)
        _ = try await bobPhone.service.prepare()
        let bobSession = try await bobPhone.service.startSession().snapshot.session
        _ = try await bobPhone.service.quickLog(.water, source: .phone)
        #expect(await bobPhone.engine(server.baseURL).pull().status.phase == .synced)

        // Alice signs out of the phone; Bob signs in on it.
        try await AuthClient(client: phone.client(server.baseURL), credentials: phone.credentials).signOut()
        let engine = phone.engine(server.baseURL)
        let model = try await Self.signIn(phone, sub: bobSub, at: server, engine: engine)
        #expect(model.isChoosingAccountData)
        #expect(await engine.push().status.phase == .accountChoice, "nothing moves before the choice")

        await model.choose(.startClean)
        #expect(try await phone.store.session(id: aliceSession.id) == nil)
        #expect(try await phone.store.session(id: bobSession.id) != nil)
        #expect(try await phone.store.logs(sessionId: bobSession.id).count == 1)
        // The server: Alice's account kept hers, Bob's holds only his.
        let alicePull = try await BatchSyncTests.pullAll(server.client(token: try await server.signIn(sub: alice.user.appleUserId!).token))
        #expect(alicePull.changes.contains { if case .session(let s) = $0 { s.id == aliceSession.id } else { false } })
        let bobPull = try await BatchSyncTests.pullAll(server.client(token: bob.token))
        #expect(!bobPull.changes.contains { if case .session(let s) = $0 { s.id == aliceSession.id } else { false } })
    }

    @Test("signed in as another account and keeping this device's data: the new account gets a copy, the old one keeps its own", arguments: StorageKind.available)
    func anotherAccountKeepsData(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        let alice = try await server.signIn()
        let phone = Device(signedIn: alice)
        _ = try await phone.service.prepare()
        let session = try await phone.service.startSession().snapshot.session
        _ = try await phone.service.quickLog(.alcohol, source: .phone)
        #expect(await phone.engine(server.baseURL).pull().status.phase == .synced)

        let bobSub = "apple-bob-\(UUID().uuidString)"
        let engine = phone.engine(server.baseURL)
        let model = try await Self.signIn(phone, sub: bobSub, at: server, engine: engine)
        #expect(model.isChoosingAccountData)
        await model.choose(.keepThisDevicesData)
        #expect(await engine.push().status.phase == .synced)

        let bob = server.client(token: try #require(try await phone.credentials.load()).token)
        #expect(try await bob.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).count == 1)
        #expect(try await bob.call(Presets.List.self).count == 5)
        // Bob ends the session on the phone, an hour later; Alice's copy on the server stays running.
        phone.now.advance(seconds: 3600)
        _ = try await phone.service.endSession()
        #expect(await engine.push().status.phase == .synced)
        #expect(try await server.client(token: alice.token).call(Sessions.GetActive.self)?.id == session.id)
        #expect(try await bob.call(Sessions.GetActive.self) == nil)
    }

    /// A transport that expires the device's sign-in after `limit` requests went through.
    final class ExpiringTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var remaining: Int
        private let expire: @Sendable () async -> Void
        private let base = URLSessionTransport()

        init(after limit: Int, expire: @escaping @Sendable () async -> Void) {
            remaining = limit
            self.expire = expire
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let expireNow = lock.withLock { () -> Bool in
                remaining -= 1
                return remaining == 0
            }
            let answer = try await base.send(request)
            if expireNow { await expire() }
            return answer
        }
    }

    @Test("the sign-in expiring in the middle of a drain loses nothing, and the drain finishes after signing in again", arguments: StorageKind.available)
    func expiryMidDrain(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        defer { Task { await server.stop() } }
        let signedIn = try await server.signIn()
        let phone = Device(signedIn: signedIn)
        _ = try await phone.service.prepare()
        let session = try await phone.service.startSession().snapshot.session
        for _ in 0..<9 { _ = try await phone.service.quickLog(.alcohol, source: .phone) }

        // Five presets, the session and nine logs in batches of four; the token expires after two.
        let credentials = phone.credentials
        let expiring = ExpiringTransport(after: 2) {
            try? await credentials.save(StoredCredential(token: signedIn.token, expiresAt: Date().addingTimeInterval(-1), userId: signedIn.user.id, appleUserId: nil))
        }
        let stopped = await phone.engine(server.baseURL, transport: expiring, batchSize: 4).push().status
        #expect(stopped.phase == .signedOut)
        #expect(stopped.pendingCount == 15 - 8)

        let again = try await server.signIn(sub: signedIn.user.appleUserId!)
        try await credentials.save(StoredCredential(token: again.token, expiresAt: again.expiresAt, userId: again.user.id, appleUserId: again.user.appleUserId))
        let finished = await phone.engine(server.baseURL).push().status
        #expect(finished.phase == .synced, "\(finished)")
        #expect(finished.pendingCount == 0)
        let logs = try await server.client(token: again.token).call(LogEntries.ListForSession.self, .init(sessionId: session.id))
        #expect(logs.count == 9)
        #expect(Set(logs.map(\.id)).count == 9)
    }
}
