import Foundation
import Testing
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

extension StoreConformance {
    /// What the screens read a page at a time.
    static let queryChecks: [StoreConformance] = [
        StoreConformance("past sessions come a page at a time, newest first, ties on the start settled by id") { store in
            try await person(store)
            // Seven ended sessions, two of them starting at the same moment, one deleted, one running.
            var ended: [Session] = []
            for index in 0..<7 {
                let start = Fixed.start.addingTimeInterval(Double(index == 6 ? 5 : index) * 86_400)
                let session = Session(id: UUID(number: 100 + index), userId: UUID(number: 1), startTime: start,
                                      endTime: start.addingTimeInterval(3600), isActive: false, updatedAt: start)
                try await store.saveSession(session)
                ended.append(session)
            }
            var gone = ended.removeFirst()
            gone.deletedAt = Fixed.start
            try await store.saveSession(gone)
            try await store.saveSession(Session(id: UUID(number: 200), userId: UUID(number: 1), startTime: Fixed.start.addingTimeInterval(9 * 86_400)))

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
            let newest = try await store.sessions(limit: 2)
            #expect(newest.count == 2 && newest.first?.id == UUID(number: 200), "newest start first, at most the limit")
        },
    ]
}
