import Foundation
import Testing
import WaterlineKit
import WaterlineStore

/// The command line store pages past sessions as the kit's History screen reads them.
@Suite("waterline store: history pages")
struct HistoryStoreTests {
    @Test("past sessions a page at a time, newest first, ties on the start settled by id, running and deleted ones left out")
    func pages() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waterline-history-\(UUID().uuidString)/waterline.sqlite").path
        let store = try await SQLiteSessionStore.open(path: path)
        let user = UUID()
        try await store.saveUser(User(id: user, createdAt: Date(timeIntervalSince1970: 1_795_291_200)))
        let base = Date(timeIntervalSince1970: 1_795_291_200)
        var ended: [Session] = []
        for index in 0..<7 {
            let start = base.addingTimeInterval(Double(index == 6 ? 5 : index) * 86_400)
            let session = Session(id: UUID(), userId: user, startTime: start, endTime: start.addingTimeInterval(3600), isActive: false, updatedAt: start)
            try await store.saveSession(session)
            ended.append(session)
        }
        var gone = ended.removeFirst()
        gone.deletedAt = base
        try await store.saveSession(gone)
        try await store.saveSession(Session(id: UUID(), userId: user, startTime: base.addingTimeInterval(9 * 86_400)))

        let expected = ended.sorted { ($0.startTime, $0.id.uuidString) > ($1.startTime, $1.id.uuidString) }.map(\.id)
        var seen: [UUID] = []
        var cursor: HistoryCursor?
        while true {
            let page = try await store.pastSessions(after: cursor, limit: 2)
            seen += page.map(\.id)
            guard page.count == 2, let last = page.last else { break }
            cursor = HistoryCursor(after: last)
        }
        #expect(seen == expected)
        await store.close()
    }
}
