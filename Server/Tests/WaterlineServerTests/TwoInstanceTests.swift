import Foundation
import JWTKit
import Testing
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSync
@testable import WaterlineServer

/// Two servers on one PostgreSQL database, sharing nothing else but the signing key: a client
/// alternating between them sees what it would see with one.
@Suite("Two instances on one PostgreSQL")
struct TwoInstanceTests {
    @Test("push on one, pull on the other; delete on one, seen on the other; sign out on one, refused on the other",
          .enabled(if: StorageKind.postgresURL != nil, "needs WATERLINE_TEST_POSTGRES_URL"))
    func alternating() async throws {
        let key = ES256PrivateKey().pemRepresentation
        let first = try await TestServer.start(.postgres, adjust: { $0.signingKeyPEM = key })
        let second = try await TestServer.start(.postgres, adjust: { $0.signingKeyPEM = key })
        let session = try await first.signIn()
        let a = first.client(token: session.token)
        let b = second.client(token: session.token)

        let runningSession = Records.session()
        _ = try await a.call(Sessions.Upsert.self, runningSession)
        let water = Records.water(session: runningSession.id, at: 5)
        _ = try await b.call(LogEntries.Upsert.self, water)
        #expect(try await a.call(LogEntries.ListForSession.self, .init(sessionId: runningSession.id)).map(\.id) == [water.id])
        #expect(try await b.call(Sessions.GetActive.self)?.id == runningSession.id)

        _ = try await b.call(LogEntries.Delete.self, Tombstone(id: water.id, deletedAt: Records.at(6)))
        var late = water
        late.updatedAt = Records.at(7)
        #expect(try await a.call(LogEntries.Upsert.self, late).deletedAt == Records.at(6), "the delete is final on both")
        #expect(await a.failureCode(Sessions.Upsert.self, Records.session()) == .conflict, "one active session, across instances")

        _ = try await a.call(Auth.SignOut.self)
        #expect(await b.failureCode(Users.Me.self, NoArgs()) == .unauthenticated, "signed out everywhere")
        await first.stop()
        await second.stop()
    }
}
