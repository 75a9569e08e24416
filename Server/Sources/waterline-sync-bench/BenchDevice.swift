import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync
import WaterlineSQLiteStore

/// A device for the benchmark: the command line's SQLite store on disk, its service, and an
/// engine signed in with a seeded account's token.
struct BenchDevice {
    let store: SQLiteSessionStore
    let service: SessionService
    let engine: SyncEngine
    let transport: CountingTransport

    static func make(path: String, server: URL, token: String) async throws -> BenchDevice {
        let store = try await SQLiteSessionStore.open(path: path)
        let transport = CountingTransport()
        let client = ConvexClient(baseURL: server, timeout: 60, transport: transport, token: { token })
        let account = try await client.call(Users.Me.self)
        transport.reset()
        let credentials = InMemoryCredentialStore(StoredCredential(
            token: token, expiresAt: Date().addingTimeInterval(3600), userId: account.id, appleUserId: account.appleUserId
        ))
        let engine = SyncEngine(store: store, client: client, credentials: credentials, backoff: Backoff(baseSeconds: 0.2, capSeconds: 1, maxRetries: 3))
        let service = SessionService(store: store)
        return BenchDevice(store: store, service: service, engine: engine, transport: transport)
    }

    /// `sessions` ended sessions of `logs` entries each, written through the store one save at a time.
    func writeSessions(sessions: Int, logs: Int, start: Date) async throws {
        _ = try await service.perform(.updateSettings(UserSettings(waterEveryNDrinks: 3)))
        for day in 0..<sessions {
            let begin = start.addingTimeInterval(Double(day) * 86_400).roundedToMilliseconds
            let end = begin.addingTimeInterval(6 * 3600)
            let session = Session(id: UUID(), userId: UUID(), startTime: begin, endTime: end, isActive: false, updatedAt: end)
            try await store.saveSession(session)
            for index in 0..<logs {
                let at = begin.addingTimeInterval(Double(index) * 40).roundedToMilliseconds
                let log = index.isMultiple(of: 3)
                    ? LogEntry.water(id: UUID(), sessionId: session.id, at: at, amountOz: 8)
                    : LogEntry.alcohol(id: UUID(), sessionId: session.id, at: at, AlcoholMeta(drinkType: .beer, sizeOz: 12, abv: 5, standardDrinkEstimate: 1))
                try await store.saveLog(log)
            }
        }
    }
}
