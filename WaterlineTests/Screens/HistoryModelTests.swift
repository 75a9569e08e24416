import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("History")
@MainActor
struct HistoryModelTests {
    /// `count` ended sessions, a day apart, each with a drink and a water; returns them oldest first.
    static func sessions(_ count: Int, in harness: ServiceHarness) async throws -> [Session] {
        var sessions: [Session] = []
        for _ in 0..<count {
            _ = try await harness.service.startSession()
            harness.clock.advance(minutes: 10)
            _ = try await harness.service.quickLog(.alcohol, source: .phone)
            harness.clock.advance(minutes: 10)
            _ = try await harness.service.quickLog(.water, source: .phone)
            harness.clock.advance(minutes: 10)
            sessions.append(try await harness.service.endSession().snapshot.session)
            harness.clock.advance(minutes: 24 * 60)
        }
        return sessions
    }

    @Test("pages through every past session, newest first, without overlap, leaving out the running one")
    func paging() async throws {
        let harness = try await ServiceHarness.prepared()
        let past = try await Self.sessions(HistoryModel.pageSize + 7, in: harness)
        _ = try await harness.service.startSession()
        let model = HistoryModel(actions: DeviceProcess(harness).runtime)
        await model.reload()
        #expect(model.sessions.count == HistoryModel.pageSize)
        #expect(model.hasMore)
        #expect(model.isLastLoaded(model.sessions[HistoryModel.pageSize - 1]))
        await model.loadMore()
        #expect(model.sessions.map(\.id) == past.reversed().map(\.id))
        #expect(!model.hasMore)
        await model.loadMore()
        #expect(model.sessions.count == past.count)
        #expect(model.title(for: model.sessions[0]).hasSuffix("30 min · 1 drink, 1 water"))
    }

    @Test("deleting a past session tombstones it and its logs, to sync; a running one is refused")
    func delete() async throws {
        let harness = try await ServiceHarness.prepared()
        let past = try await Self.sessions(2, in: harness)
        let running = try await harness.service.startSession().snapshot.session
        let model = HistoryModel(actions: DeviceProcess(harness, expecting: [.reminders, .widgets, .watch, .sync, .screens]).runtime)
        await model.reload()
        let logs = try await harness.store.logs(sessionId: past[0].id)
        await model.delete(past[0])
        #expect(model.sessions.map(\.id) == [past[1].id])
        #expect(try await harness.store.session(id: past[0].id) == nil)
        let pending = try await harness.store.pendingChanges().map(\.payload)
        #expect(pending.contains { if case .session(let s) = $0 { s.id == past[0].id && s.deletedAt != nil } else { false } })
        for log in logs {
            #expect(pending.contains { if case .logEntry(let l) = $0 { l.id == log.id && l.deletedAt != nil } else { false } })
        }
        await #expect(throws: SessionServiceError.sessionRunning) { try await harness.service.deletePastSession(id: running.id) }
        await model.reload()
        #expect(model.sessions.map(\.id) == [past[1].id])
    }

    @Test("one or all past sessions export in the command line's CSV and JSON")
    func export() async throws {
        let harness = try await ServiceHarness.prepared()
        let past = try await Self.sessions(3, in: harness)
        let model = HistoryModel(actions: DeviceProcess(harness).runtime)
        let one = String(decoding: try await model.export(past[1], as: .csv), as: UTF8.self)
        #expect(one.split(separator: "\n").first.map(String.init) == SessionExport.csvHeader)
        #expect(one.split(separator: "\n").count == 3)

        let all = String(decoding: try await model.exportAll(as: .csv), as: UTF8.self).split(separator: "\n")
        #expect(all.first.map(String.init) == "session_id," + SessionExport.csvHeader)
        #expect(all.count == 1 + 3 * 2)
        #expect(all[1].hasPrefix(past[2].id.uuidString.lowercased()), "newest first")

        let documents = try WaterlineCoding.decoder().decode([SessionExport.Document].self, from: try await model.exportAll(as: .json))
        #expect(documents.map(\.session.sessionId) == past.reversed().map(\.id))
        #expect(documents.allSatisfy { $0.logs.count == 2 })
    }

    @Test("exporting all with a single past session is still the several-sessions file")
    func exportAllOfOne() async throws {
        let harness = try await ServiceHarness.prepared()
        let past = try await Self.sessions(1, in: harness)
        let model = HistoryModel(actions: DeviceProcess(harness).runtime)
        let csv = String(decoding: try await model.exportAll(as: .csv), as: UTF8.self).split(separator: "\n")
        #expect(csv.first.map(String.init) == "session_id," + SessionExport.csvHeader)
        let documents = try WaterlineCoding.decoder().decode([SessionExport.Document].self, from: try await model.exportAll(as: .json))
        #expect(documents.map(\.session.sessionId) == [past[0].id])
    }
}
