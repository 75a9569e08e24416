import Foundation
import Testing
@testable import WaterlineAPI
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineSync
import WaterlineTestSupport

/// A backend that asks calls to wait (`RATE_LIMITED`) is waited for as asked: in place when
/// short, and otherwise by making no call before the time it named, which the status says.
@Suite("Waiting as the backend asks")
struct RetryAfterTests {
    static let serverRefusal = ScriptedTransport.Answer.headed(
        429, #"{"status":"error","errorMessage":"this account has written as many records as it may for now","errorData":{"code":"RATE_LIMITED"}}"#,
        ["Retry-After": "3600", "Content-Type": "application/json"]
    )

    static func convexRefusal(after seconds: Int) -> ScriptedTransport.Answer {
        .json(560, #"{"status":"error","errorMessage":"written as many records as it may","errorData":{"code":"RATE_LIMITED","retryAfter":\#(seconds)}}"#)
    }

    @Test("Retry-After: 3600 from the server: one push, then no call for an hour, the status saying until when; then the changes go")
    func serverAsksForAnHour() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let transport = ScriptedTransport([Self.serverRefusal], fallback: ScriptedTransport.echo)
        let clock = RecordingSyncClock()
        let sync = SyncEngineTests().engine(transport, store: harness.store, clock: clock)

        let first = await sync.push()
        #expect(transport.paths.filter { $0 == "sync:push" }.count == 1, "not sent again at once, nor four times in 2.5 s")
        #expect(first.status.waitingUntil == Fixed.start.addingTimeInterval(3600))
        #expect(first.status.phase == .offline)
        #expect(first.status.lastError?.contains("wait 3600 s") == true)
        #expect(first.status.pendingCount > 0, "the changes wait on the device")

        clock.advance(by: 1800)
        _ = await sync.push()
        _ = await sync.pull()
        #expect(transport.paths.filter { $0.hasPrefix("sync:") }.count == 1, "no call before the hour is over")

        clock.advance(by: 1800)
        let later = await sync.push()
        #expect(later.status.phase == .synced)
        #expect(later.status.waitingUntil == nil)
        #expect(later.status.pendingCount == 0)
    }

    @Test("a short wait from Convex (errorData.retryAfter) is waited in place, at least as long as asked, and the push goes on")
    func convexAsksForSeconds() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let transport = ScriptedTransport([Self.convexRefusal(after: 20)], fallback: ScriptedTransport.echo)
        let clock = RecordingSyncClock()
        let report = await SyncEngineTests().engine(transport, store: harness.store, clock: clock).push()
        #expect(clock.sleeps.count == 1)
        #expect((clock.sleeps.first ?? 0) >= 20)
        #expect(report.status.phase == .synced)
        #expect(transport.paths.filter { $0 == "sync:push" }.count == 2)
    }

    @Test("a long wait from Convex on a pull: the pull stops and nothing is asked before the time named")
    func convexAsksOnPull() async throws {
        let harness = try await ServiceHarness.prepared()
        let transport = ScriptedTransport([Self.convexRefusal(after: 900)], fallback: ScriptedTransport.echo)
        let clock = RecordingSyncClock()
        let sync = SyncEngineTests().engine(transport, store: harness.store, clock: clock)
        let report = await sync.pull()
        #expect(report.status.waitingUntil == Fixed.start.addingTimeInterval(900))
        _ = await sync.pull()
        #expect(transport.paths == ["sync:pull"])
        clock.advance(by: 900)
        #expect(await sync.pull().status.phase == .synced)
    }

    @Test("a server asking to wait a billion seconds is waited six hours at most, and the status says so; then the changes go")
    func absurdWaitIsCapped() async throws {
        let (harness, _) = try await ServiceHarness.sessionStarted()
        let refusal = ScriptedTransport.Answer.headed(
            429, #"{"status":"error","errorMessage":"slow down","errorData":{"code":"RATE_LIMITED"}}"#, ["Retry-After": "1000000000", "Content-Type": "application/json"]
        )
        let transport = ScriptedTransport([refusal], fallback: ScriptedTransport.echo)
        let clock = RecordingSyncClock()
        let sync = SyncEngineTests().engine(transport, store: harness.store, clock: clock)
        let first = await sync.push()
        #expect(first.status.waitingUntil == Fixed.start.addingTimeInterval(SyncEngine.longestHonouredWait))
        #expect(first.status.lastError?.contains("tries again in 6 hours") == true)
        clock.advance(by: SyncEngine.longestHonouredWait)
        let later = await sync.push()
        #expect(later.status.phase == .synced && later.status.pendingCount == 0, "after six hours the changes go")
    }
}
