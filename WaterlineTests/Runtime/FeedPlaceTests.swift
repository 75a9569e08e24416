import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineStorage
@testable import WaterlineRuntime
import WaterlineTestSupport

/// Where a process's surfaces stand in the store's change feed: each commit named once, as what
/// it changed; a state kept as the basis only where it stands at the place shown; one look at a time.
@Suite("The place in the change feed")
@MainActor
struct FeedPlaceTests {
    static func place(_ harness: ServiceHarness) -> FeedPlace {
        let service = harness.service
        return FeedPlace { try await service.changes(after: $0) }
    }

    @Test("before the first look everything counts as changed; after it, each commit is named once, as the records it changed")
    func namesEachCommitOnce() async throws {
        let harness = try await ServiceHarness.prepared()
        let place = Self.place(harness)
        #expect(place.shown == nil)
        #expect(await place.sinceShown() == .all)
        let first = try #require(place.shown)

        let snapshot = try #require(try await harness.service.startSession().session)
        let changed = try #require(await place.sinceShown())
        #expect(changed.sessions == [snapshot.session.id] && !changed.settings && changed.presets.isEmpty)
        #expect(try #require(place.shown) > first)
        #expect(await place.sinceShown()?.isEmpty == true, "already shown")
    }

    @Test("a writer's place is taken once before it writes, so what it wrote is named, not everything")
    func lookBeforeWriting() async throws {
        let harness = try await ServiceHarness.prepared()
        let place = Self.place(harness)
        await place.lookBeforeWriting()
        let taken = place.shown
        await place.lookBeforeWriting()
        #expect(place.shown == taken, "taken once")
        let snapshot = try #require(try await harness.service.startSession().session)
        #expect(await place.sinceShown()?.sessions == [snapshot.session.id])
    }

    @Test("a state is kept as the basis only where it stands at the place shown; a look, or this process's write, lets it go")
    func basis() async throws {
        let harness = try await ServiceHarness.prepared()
        let place = Self.place(harness)
        _ = await place.sinceShown()
        let state = try await harness.service.state()
        place.keep(state)
        #expect(place.basis == state)

        _ = try await harness.service.startSession()
        let later = try await harness.service.state()
        place.keep(later)
        #expect(place.basis == state, "read past the place shown: not kept")
        _ = await place.sinceShown()
        #expect(place.basis == nil, "the look moved on; the state there is not read yet")
        place.keep(later)
        #expect(place.basis == later)

        place.wrote(through: later.version + 1)
        #expect(place.shown == later.version + 1 && place.basis == nil, "a write of its own: the next look reads whole")
        place.stillStands(later)
        #expect(place.basis == later)
    }

    /// The order steps ran in.
    @MainActor final class Steps {
        var order: [String] = []
    }

    @Test("one look at a time: a second waits for the first, across its suspensions")
    func oneAtATime() async throws {
        let harness = try await ServiceHarness.prepared()
        let place = Self.place(harness)
        let steps = Steps()
        let first = Task { @MainActor in
            await place.exclusively {
                steps.order.append("first in")
                _ = await place.sinceShown()
                await Task.yield()
                steps.order.append("first out")
            }
        }
        let second = Task { @MainActor in
            await place.exclusively { steps.order.append("second in") }
        }
        await first.value
        await second.value
        #expect(steps.order == ["first in", "first out", "second in"])
    }
}
