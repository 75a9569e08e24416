import Foundation
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Backend functions")
struct FunctionTests {
    @Test("sessions, logs, presets and settings: create, read, update, delete", arguments: StorageKind.available)
    func crud(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let api = server.client(token: try await server.signIn().token)

        let session = Records.session()
        #expect(try await api.call(Sessions.Upsert.self, session) == session)
        #expect(try await api.call(Sessions.GetActive.self) == session)

        let beer = Records.drink(session: session.id, at: 5)
        let water = Records.water(session: session.id, at: 10)
        #expect(try await api.call(LogEntries.Upsert.self, beer) == beer)
        _ = try await api.call(LogEntries.Upsert.self, water)
        var edited = beer
        edited.alcoholMeta?.standardDrinkEstimate = 2
        edited.updatedAt = Records.at(20)
        #expect(try await api.call(LogEntries.Upsert.self, edited).alcoholMeta?.standardDrinkEstimate == 2)
        let deleted = try await api.call(LogEntries.Delete.self, Tombstone(id: water.id, deletedAt: Records.at(21)))
        #expect(deleted.deletedAt == Records.at(21))
        let logs = try await api.call(LogEntries.ListForSession.self, .init(sessionId: session.id))
        #expect(logs.map(\.id) == [beer.id, water.id])
        #expect(logs.last?.deletedAt != nil, "tombstones are listed so other devices learn of the delete")

        var ended = session
        ended.endTime = Records.at(90)
        ended.isActive = false
        ended.updatedAt = Records.at(90)
        #expect(try await api.call(Sessions.Upsert.self, ended).isActive == false)
        #expect(try await api.call(Sessions.GetActive.self) == nil)
        #expect(try await api.call(Sessions.List.self, .init()).map(\.id) == [session.id])
        #expect(try await api.call(Sessions.List.self, .init(updatedSince: Records.at(95))).isEmpty)

        let preset = Records.preset()
        #expect(try await api.call(Presets.Upsert.self, preset) == preset)
        _ = try await api.call(Presets.Delete.self, Tombstone(id: preset.id, deletedAt: Records.at(30)))
        #expect(try await api.call(Presets.List.self).first?.deletedAt == Records.at(30))

        var settings = UserSettings(waterEveryNDrinks: 3, updatedAt: Date().addingTimeInterval(60))
        settings.updatedAt = Date(timeIntervalSince1970: (settings.updatedAt.timeIntervalSince1970 * 1000).rounded() / 1000)
        #expect(try await api.call(Settings.Upsert.self, settings) == settings)
        #expect(try await api.call(Users.Me.self).settings.waterEveryNDrinks == 3)
        await server.stop()
    }

    @Test("settings made on the device before the account existed are stored, and only newer ones replace them", arguments: StorageKind.available)
    func settingsStampedBeforeTheAccount(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let api = server.client(token: try await server.signIn().token)
        // Chosen yesterday on the device, pushed after today's sign-in.
        let yesterday = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 - 86_400) * 1000).rounded() / 1000)
        let chosen = UserSettings(waterEveryNDrinks: 3, warningThreshold: 4, updatedAt: yesterday)
        #expect(try await api.call(Settings.Upsert.self, chosen) == chosen)
        #expect(try await api.call(Users.Me.self).settings == chosen)
        // An older write (a second device's stale copy) does not replace them; a newer one does.
        let older = UserSettings(waterEveryNDrinks: 5, updatedAt: yesterday.addingTimeInterval(-60))
        #expect(try await api.call(Settings.Upsert.self, older) == chosen)
        let newer = UserSettings(waterEveryNDrinks: 2, updatedAt: yesterday.addingTimeInterval(60))
        #expect(try await api.call(Settings.Upsert.self, newer) == newer)
        #expect(try await api.call(Users.Me.self).settings.waterEveryNDrinks == 2)
        await server.stop()
    }

    @Test("upserts are idempotent and last write wins; deletes are final", arguments: StorageKind.available)
    func lastWriteWins(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let api = server.client(token: try await server.signIn().token)
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        let log = Records.drink(session: session.id, at: 5, updated: 10)
        for _ in 0..<3 { _ = try await api.call(LogEntries.Upsert.self, log) }
        #expect(try await api.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).count == 1)

        var older = log
        older.alcoholMeta?.standardDrinkEstimate = 3
        older.updatedAt = Records.at(8)
        #expect(try await api.call(LogEntries.Upsert.self, older) == log, "an older write loses")

        var newer = log
        newer.alcoholMeta?.standardDrinkEstimate = 2
        newer.updatedAt = Records.at(12)
        #expect(try await api.call(LogEntries.Upsert.self, newer) == newer)

        // A delete made before the last edit still wins, and nothing brings the record back.
        let tombstone = try await api.call(LogEntries.Delete.self, Tombstone(id: log.id, deletedAt: Records.at(11)))
        #expect(tombstone.deletedAt == Records.at(11))
        var late = newer
        late.updatedAt = Records.at(50)
        #expect(try await api.call(LogEntries.Upsert.self, late).deletedAt == Records.at(11))
        await server.stop()
    }

    @Test("one active session per user", arguments: StorageKind.available)
    func singleActive(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let api = server.client(token: try await server.signIn().token)
        _ = try await api.call(Sessions.Upsert.self, Records.session())
        #expect(await api.failureCode(Sessions.Upsert.self, Records.session()) == .conflict)
        await server.stop()
    }

    @Test("another user's ids answer not found, the same ids make that user's own records, and nothing of the first user's changes", arguments: StorageKind.available)
    func ownership(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let alice = server.client(token: try await server.signIn().token)
        let bob = server.client(token: try await server.signIn().token)
        let session = Records.session()
        let log = Records.drink(session: session.id, at: 1)
        let preset = Records.preset()
        _ = try await alice.call(Sessions.Upsert.self, session)
        _ = try await alice.call(LogEntries.Upsert.self, log)
        _ = try await alice.call(Presets.Upsert.self, preset)

        // Alice's records are not there for Bob: reading or deleting them is not found.
        #expect(await bob.failureCode(LogEntries.ListForSession.self, .init(sessionId: session.id)) == .notFound)
        #expect(await bob.failureCode(LogEntries.Delete.self, Tombstone(id: log.id, deletedAt: Records.at(60))) == .notFound)
        #expect(await bob.failureCode(Presets.Delete.self, Tombstone(id: preset.id, deletedAt: Records.at(60))) == .notFound)
        var orphan = log
        orphan.updatedAt = Records.at(60)
        #expect(await bob.failureCode(LogEntries.Upsert.self, orphan) == .notFound, "Bob has no session with that id")
        #expect(try await bob.call(Sessions.List.self, .init()).isEmpty)
        #expect(try await bob.call(Presets.List.self).isEmpty)

        // The same ids from Bob's device are Bob's own records (ids are per account).
        var own = session
        own.updatedAt = Records.at(60)
        own.isActive = false
        own.endTime = Records.at(60)
        #expect(try await bob.call(Sessions.Upsert.self, own) == own)
        #expect(try await bob.call(LogEntries.Upsert.self, orphan) == orphan)
        var ownPreset = preset
        ownPreset.updatedAt = Records.at(60)
        ownPreset.name = "Bob's"
        #expect(try await bob.call(Presets.Upsert.self, ownPreset) == ownPreset)
        #expect(try await bob.call(Sessions.List.self, .init()) == [own])

        #expect(try await alice.call(Sessions.GetActive.self) == session)
        #expect(try await alice.call(LogEntries.ListForSession.self, .init(sessionId: session.id)) == [log])
        #expect(try await alice.call(Presets.List.self) == [preset])
        await server.stop()
    }

    @Test("deleting the account removes every row and retires the token", arguments: StorageKind.available)
    func deleteAccount(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let signedIn = try await server.signIn()
        let api = server.client(token: signedIn.token)
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        _ = try await api.call(LogEntries.Upsert.self, Records.drink(session: session.id, at: 1))
        _ = try await api.call(LogEntries.Upsert.self, Records.water(session: session.id, at: 2))
        _ = try await api.call(Presets.Upsert.self, Records.preset())
        #expect(try await api.call(Users.DeleteAccount.self) == DeletedAccount(sessions: 1, logEntries: 2, presets: 1, appleSignIn: .notConfigured))
        #expect(await api.failureCode(Users.Me.self, NoArgs()) == .unauthenticated)
        for table in ["users", "sessions", "log_entries", "presets"] {
            let column = table == "users" ? "id" : "owner_id"
            let rows = try await server.database.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: column) = \(bind: signedIn.user.id.uuidString.lowercased())")
                .first()?.decode(column: "n", as: Int.self)
            #expect(rows == 0, "\(table) still holds rows")
        }
        await server.stop()
    }

    @Test("an account is deleted a bounded number of rows per statement, and another account is untouched", arguments: StorageKind.available)
    func deleteAccountInSteps(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let leaving = try await server.signIn(), staying = try await server.signIn()
        for signedIn in [leaving, staying] {
            let api = server.client(token: signedIn.token)
            let sessions = (0..<3).map { _ in Records.session(end: 600) }
            _ = try await api.call(Sync.Push.self, PushBatch(changes: sessions.map { .session($0) }))
            for session in sessions {
                let logs = (0..<400).map { SyncPayload.logEntry(Records.water(session: session.id, at: Double($0))) }
                _ = try await api.call(Sync.Push.self, PushBatch(changes: logs))
            }
        }
        // The production step: a statement holds another account's write up a few milliseconds at
        // most (`waterline-load --delete-logs 200000` measures it; 2,000 rows held it 360 ms).
        #expect(WaterlineRepository.deletionStep <= 100)
        let (account, statements) = try await server.context.repository.deleteUser(Caller(userId: leaving.user.id), step: 250)
        #expect(account == DeletedAccount(sessions: 3, logEntries: 1_200, presets: 0))
        // 1,200 logs in five statements of at most 250, the sessions and presets in one each, then the account.
        #expect(statements == 5 + 1 + 1 + 1)
        for table in ["sessions", "log_entries", "presets"] {
            let left = try await server.database.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE owner_id = \(bind: leaving.user.id.uuidString.lowercased())")
                .first()?.decode(column: "n", as: Int.self)
            #expect(left == 0, "\(table) still holds rows")
        }
        let other = server.client(token: staying.token)
        #expect(try await other.call(Sessions.List.self, .init(updatedSince: nil)).count == 3)
        await server.stop()
    }

    @Test("out-of-range and ill-typed arguments are refused with the field named, and nothing is stored")
    func validation() async throws {
        let server = try await TestServer.start()
        let api = server.client(token: try await server.signIn().token)
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        let bad: [LogEntry] = [
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: Records.at(1), AlcoholMeta(drinkType: .beer, sizeOz: 65, standardDrinkEstimate: 1)),
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: Records.at(1), AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 101, standardDrinkEstimate: 1)),
            LogEntry.alcohol(id: UUID(), sessionId: session.id, at: Records.at(1), AlcoholMeta(drinkType: .beer, sizeOz: 12, standardDrinkEstimate: 11)),
            LogEntry.water(id: UUID(), sessionId: session.id, at: Records.at(1), amountOz: 0),
            LogEntry.water(id: UUID(), sessionId: session.id, at: Date(timeIntervalSince1970: 12), amountOz: 8),
        ]
        for log in bad {
            do {
                _ = try await api.call(LogEntries.Upsert.self, log)
                Issue.record("accepted \(log)")
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
        #expect(try await api.call(LogEntries.ListForSession.self, .init(sessionId: session.id)).isEmpty)
        #expect(await api.failureCode(Settings.Upsert.self, UserSettings(waterEveryNDrinks: 0, updatedAt: Records.at(1))) == .invalidArgument)
        #expect(await api.failureCode(LogEntries.Upsert.self, Records.drink(session: UUID(), at: 1)) == .notFound)
        #expect(await api.failureCode(LogEntries.Delete.self, Tombstone(id: UUID(), deletedAt: Records.at(1))) == .notFound)
        await server.stop()
    }

    @Test("logEntries:upsert answers the same bytes the kit would encode, for an entry kept as sent and for a newer one kept instead", arguments: StorageKind.available)
    func logUpsertAnswerBytes(storage: StorageKind) async throws {
        let server = try await TestServer.start(storage)
        let token = try await server.signIn().token
        let api = server.client(token: token)
        let session = Records.session()
        _ = try await api.call(Sessions.Upsert.self, session)
        func upsert(_ log: LogEntry) async throws -> Data {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("api/mutation"))
            request.httpMethod = "POST"
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.httpBody = try WaterlineCoding.encoder(pretty: false).encode(FunctionCall(path: LogEntries.Upsert.name, args: log))
            return try await URLSession.shared.data(for: request).0
        }
        func expected(_ log: LogEntry) throws -> Data {
            try WaterlineCoding.encoder(pretty: false).encode(FunctionResponse<LogEntry>.success(log))
        }
        let newer = Records.drink(session: session.id, at: 5, updated: 30)
        #expect(try await upsert(newer) == expected(newer))
        var older = newer
        older.alcoholMeta?.standardDrinkEstimate = 3
        older.updatedAt = Records.at(10)
        #expect(try await upsert(older) == expected(newer), "the stored, newer entry is the answer")
        await server.stop()
    }

    @Test("wire-level errors: malformed JSON, wrong types, extra arguments, unknown functions, wrong endpoint, huge bodies, bodies only Foundation reads")
    func wireErrors() async throws {
        let server = try await TestServer.start()
        let token = try await server.signIn().token
        func post(_ endpoint: String, _ body: Data) async throws -> (status: Int, json: [String: Any]) {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("api/\(endpoint)"))
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            let json = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
            return ((response as! HTTPURLResponse).statusCode, json)
        }
        func code(_ json: [String: Any]) -> String? { (json["errorData"] as? [String: Any])?["code"] as? String }

        let malformed = try await post("query", Data("{\"path\": ".utf8))
        #expect(malformed.status == 400)
        #expect(code(malformed.json) == "BAD_REQUEST")

        let wrongType = try await post("mutation", Data(#"{"path":"sessions:upsert","args":{"id":"6f1c2a4e-8b1d-4c3e-9a55-0d2e7b8c9f01","startTime":"tonight","isActive":true,"updatedAt":1795291200000}}"#.utf8))
        #expect(wrongType.status == 560)
        #expect(code(wrongType.json) == "INVALID_ARGUMENT")
        #expect((wrongType.json["errorMessage"] as? String)?.contains("startTime") == true)

        // A value quoted back in the refusal is cut short: no megabyte echoed.
        let long = String(repeating: "x", count: 500_000)
        let echoed = try await post("mutation", Data(#"{"path":"settings:upsert","args":{"waterEveryNDrinks":1,"timeRemindersEnabled":true,"timeReminderIntervalMinutes":20,"warningThreshold":2,"defaultWaterAmountOz":8,"units":"\#(long)","discreetNotifications":true,"updatedAt":1795291200000}}"#.utf8))
        #expect(code(echoed.json) == "INVALID_ARGUMENT")
        #expect(((echoed.json["errorMessage"] as? String)?.count ?? .max) <= FunctionError.messageLimit + 1)

        let extra = try await post("query", Data(#"{"path":"presets:list","args":{"all":true}}"#.utf8))
        #expect(code(extra.json) == "INVALID_ARGUMENT")

        let unknown = try await post("query", Data(#"{"path":"drinks:everything","args":{}}"#.utf8))
        #expect(unknown.status == 560)
        #expect(code(unknown.json) == "UNKNOWN_FUNCTION")

        let wrongEndpoint = try await post("query", Data(#"{"path":"users:deleteAccount","args":{}}"#.utf8))
        #expect(wrongEndpoint.status == 400)
        #expect(code(wrongEndpoint.json) == "BAD_REQUEST")

        let padding = String(repeating: "x", count: 1_100_000)
        let huge = try await post("mutation", Data(#"{"path":"presets:upsert","args":{"name":"\#(padding)"}}"#.utf8))
        #expect(huge.status == 413)
        #expect(code(huge.json) == "PAYLOAD_TOO_LARGE")

        // Bodies the server's own JSON reader leaves to Foundation are answered as Foundation reads them.
        let twice = try await post("query", Data(#"{"path":"presets:list","path":"users:me","args":{}}"#.utf8))
        #expect(twice.status == 200, "Foundation takes the first of a key written twice")
        let escapedKey = try await post("query", Data(#"{"p\u0061th":"users:me","format":"json","args":{}}"#.utf8))
        #expect(escapedKey.status == 200 && (escapedKey.json["value"] as? [String: Any])?["id"] != nil)
        let byteOrderMark = try await post("query", Data([0xEF, 0xBB, 0xBF]) + Data(#"{"path":"users:me","args":{}}"#.utf8))
        #expect(byteOrderMark.status == 200)
        let deep = try await post("query", Data((#"{"path":"users:me","args":"# + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}").utf8))
        #expect(deep.status == 400)
        // Bytes that are not UTF-8 in a string: Foundation refuses them where it reads the string,
        // and passes over them where it does not.
        let badPath = try await post("query", Data(#"{"path":"users:me"#.utf8) + Data([0xFF, 0xFE]) + Data(#"","args":{}}"#.utf8))
        #expect(badPath.status == 400 && code(badPath.json) == "BAD_REQUEST")
        let badUnread = try await post("query", Data(#"{"path":"users:me","args":{},"x":""#.utf8) + Data([0xFF, 0xFE]) + Data(#""}"#.utf8))
        #expect(badUnread.status == 200)

        // The server is still healthy and the account untouched.
        #expect(try await server.client(token: token).call(Users.Me.self).settings == UserSettings(updatedAt: try await server.client(token: token).call(Users.Me.self).settings.updatedAt))
        await server.stop()
    }
}
