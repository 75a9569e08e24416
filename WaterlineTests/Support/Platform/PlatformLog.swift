import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// What one process's platform fakes were asked to do, in order, shared by all of them. A call to
/// a surface the process cannot have (`possible`, from its capabilities: no Live Activity in an
/// extension, no signal from the app) fails the test by default; when a test says what it expects
/// (`expect(_:)`), a call to any other surface is an issue at once too: the fakes fail loudly
/// instead of accepting anything.
@MainActor
final class PlatformLog {
    /// The surfaces an action's consequences reach.
    enum Surface: String, CaseIterable, CustomStringConvertible, Sendable {
        case reminders, nudge, liveActivity, widgets, watch, sync, signal, screens

        var description: String { rawValue }
    }

    private(set) var calls: [(surface: Surface, call: String)] = []
    private var expected: Set<Surface>?
    /// The surfaces this process can reach at all; set by whoever builds it from its capabilities.
    var possible = Set(Surface.allCases)

    /// From now on, only `surfaces` may be reached; `nil` accepts anything `possible` again.
    func expect(_ surfaces: Set<Surface>?) {
        expected = surfaces
    }

    func record(_ surface: Surface, _ call: String) {
        calls.append((surface, call))
        if !possible.contains(surface) {
            Issue.record("a call to \(surface), which this process cannot reach: \(call)")
        } else if !allows(surface), let expected {
            Issue.record("unexpected call to \(surface): \(call) (expected only \(expected.map(\.rawValue).sorted()))")
        }
    }

    /// Whether a call to `surface` passes now: one the process can reach, and the test expects.
    func allows(_ surface: Surface) -> Bool {
        possible.contains(surface) && (expected?.contains(surface) ?? true)
    }

    /// The surfaces reached since `mark` (an index into `calls`).
    func surfaces(since mark: Int) -> Set<Surface> {
        Set(calls.dropFirst(mark).map(\.surface))
    }

    /// The calls made since `mark`, for messages.
    func describe(since mark: Int) -> String {
        calls.dropFirst(mark).map { "\($0.surface): \($0.call)" }.joined(separator: ", ")
    }

    var mark: Int { calls.count }
}
