import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

@Suite("Session report and export")
struct SessionExportTests {
    func update(ended: Bool) -> SessionSnapshot {
        let logs = Fixed.logs("DDW")
        var session = Fixed.session(endTime: ended ? Fixed.at(minutes: 90) : nil)
        if ended {
            session.computedSummary = SessionSummary(startTime: session.startTime, endTime: Fixed.at(minutes: 90), logs: logs, settings: UserSettings())
        }
        return SessionSnapshot(
            session: session, logs: logs, state: WaterlineEngine().computeState(from: logs), reminders: .none, drinksUntilWaterDue: 1
        )
    }

    @Test("an ended session reports its stored summary with the spec's names")
    func endedReport() throws {
        let report = SessionReport(update(ended: true), settings: UserSettings(), now: Fixed.at(minutes: 500))
        #expect(report.summary.durationSeconds == 5400)
        #expect(report.summary.totalAlcoholCount == 2)
        #expect(report.summary.totalWaterCount == 1)
        #expect(report.summary.adherence.breaksDue == 1)
        #expect(report.summary.adherence.breaksKept == 0)
        #expect(report.summary.adherence.fraction == 0)
        let json = String(decoding: try WaterlineCoding.encoder().encode(report), as: UTF8.self)
        for key in ["totalAlcoholCount", "totalStandardDrinks", "totalWaterCount", "durationSeconds", "adherence", "finalWaterline"] {
            #expect(json.contains("\"\(key)\""))
        }
    }

    @Test("an active session reports the session so far")
    func activeReport() {
        let report = SessionReport(update(ended: false), settings: UserSettings(), now: Fixed.at(minutes: 30))
        #expect(report.isActive)
        #expect(report.summary.durationSeconds == 1800)
        #expect(report.summary.finalWaterline == 1)
    }

    @Test("CSV has a header, one row per live log in order, and the Waterline after each")
    func csv() {
        var logs = Fixed.logs("DWD")
        logs[1].deletedAt = Fixed.at(minutes: 5)
        let csv = SessionExport.csv(logs: logs.reversed(), settings: UserSettings())
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == SessionExport.csvHeader)
        #expect(lines.count == 3)
        #expect(lines[1] == "00000000-0000-0000-0000-000000000001,2026-11-21T20:00:00Z,alcohol,beer,12,5,1,,phone,1")
        #expect(lines[2].hasSuffix(",phone,2"))
    }
}
