import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Every writer of a device's store (a pull, another process, an action) reaches the surfaces
/// through what its commits wrote to the store's change feed, the records named: the lists of
/// past sessions read again only when an ended session was among them, and a sync that wrote
/// nothing reads and shows nothing.
@Suite("Scenario: every writer's commits reach the surfaces, the records named")
@MainActor
struct CommitFollowingScenarioTests {
    /// What the open screens heard since `mark`: "change (past sessions changed)" or "… same".
    static func screens(_ phone: DeviceProcess, since mark: Int) -> [String] {
        phone.log.calls.dropFirst(mark).filter { $0.surface == .screens }.map(\.call)
    }

    static let listsReload = "change (past sessions changed)"

    /// An evening with a past session and a running one, the phone's app in front, and a widget
    /// extension's process on the same store.
    static func phoneAndWidget() async throws -> (TableEvening, DeviceProcess, DeviceProcess) {
        let setup = try await TableEvening(session: true)
        let phone = DeviceProcess(setup.harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.becameActive)
        await phone.settled()
        return (setup, phone, DeviceProcess(setup.harness, capabilities: .phoneExtension, expecting: [.reminders, .widgets, .signal, .screens]))
    }

    /// Whether the lists of past sessions were told to read again since `mark`, once the phone's
    /// own sync after the change (which may look at the feed first) has run too.
    static func listsReloaded(_ phone: DeviceProcess, since mark: Int) async -> Bool {
        await phone.settled()
        return screens(phone, since: mark).contains(listsReload)
    }

    @Test("a pull: nothing written, nothing read or shown; tonight's log shown without the lists; an ended session's late log reloads them")
    func pulls() async throws {
        let setup = try await TableEvening(session: true)
        let (harness, past) = (setup.harness, setup.past)
        let session = try #require(setup.snapshot).session
        let phone = DeviceProcess(harness, expecting: [.reminders, .liveActivity, .widgets, .watch, .sync, .screens])
        await phone.runtime.handle(.becameActive)
        await phone.settled()

        var mark = phone.log.calls.count
        await phone.runtime.handle(.syncNow(.signIn))
        #expect(phone.log.calls.count == mark + 1 && phone.log.calls.last?.call == "pull", "only the pull: no surface was told")

        let tonight = LogEntry.water(id: UUID(number: 0x91), sessionId: session.id, at: harness.clock.now, amountOz: 8)
        phone.sync.nextPullBrings { _ = try? await harness.store.applyRemote(.logEntry(tonight)) }
        mark = phone.log.calls.count
        await phone.runtime.handle(.syncNow(.signIn))
        #expect(Self.screens(phone, since: mark) == ["change (past sessions same)"])
        #expect(try await phone.runtime.reader.currentState().active?.state.totalWaterCount == 1)

        let late = LogEntry.water(id: UUID(number: 0x92), sessionId: past.id, at: past.startTime.addingTimeInterval(60), amountOz: 8)
        phone.sync.nextPullBrings { _ = try? await harness.store.applyRemote(.logEntry(late)) }
        mark = phone.log.calls.count
        await phone.runtime.handle(.syncNow(.signIn))
        #expect(Self.screens(phone, since: mark) == ["change (past sessions changed)"])
    }

    @Test("another process's write: tonight's log shown without the lists (was: every signal reloaded them); an ended session deleted reloads them")
    func otherProcess() async throws {
        let (setup, phone, widget) = try await Self.phoneAndWidget()

        _ = try await widget.runtime.handle(.intent(.logWater, source: .widget))
        var mark = phone.log.calls.count
        await phone.runtime.handle(.storeChangedElsewhere)
        #expect(Self.screens(phone, since: mark) == ["change (past sessions same)"])
        #expect(phone.log.calls.dropFirst(mark).contains { $0.surface == .widgets }, "the widgets show the water")
        #expect(await Self.listsReloaded(phone, since: mark) == false)

        _ = try await widget.runtime.send(.deletePastSession(id: setup.past.id), from: .screen)
        mark = phone.log.calls.count
        await phone.runtime.handle(.storeChangedElsewhere)
        #expect(await Self.listsReloaded(phone, since: mark))
    }

    @Test("an action in this process names what another writer changed meanwhile: the lists read again when it was an ended session")
    func actionAfterAnotherWriter() async throws {
        let (setup, phone, widget) = try await Self.phoneAndWidget()

        var mark = phone.log.calls.count
        _ = try await phone.runtime.send(.logWater(source: .phone), from: .screen)
        #expect(Self.screens(phone, since: mark) == ["change (past sessions same)"])
        #expect(await Self.listsReloaded(phone, since: mark) == false)

        // The signal has not arrived yet when the person logs again here.
        _ = try await widget.runtime.send(.deletePastSession(id: setup.past.id), from: .screen)
        mark = phone.log.calls.count
        _ = try await phone.runtime.send(.logWater(source: .phone), from: .screen)
        #expect(Self.screens(phone, since: mark).first == Self.listsReload, "the action's own change says so")
    }
}
