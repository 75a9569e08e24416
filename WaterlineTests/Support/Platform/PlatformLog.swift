import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// What one process's platform fakes were asked to do, in order, shared by all of them. When a
/// test says what it expects (`expect(_:)`), a call to any other surface is an issue at once:
/// the fakes fail loudly instead of accepting anything.
@MainActor
final class PlatformLog {
    /// The surfaces an action's consequences reach.
    enum Surface: String, CaseIterable, CustomStringConvertible, Sendable {
        case reminders, nudge, liveActivity, widgets, watch, sync, signal, screens

        var description: String { rawValue }
    }

    private(set) var calls: [(surface: Surface, call: String)] = []
    private var expected: Set<Surface>?

    /// From now on, only `surfaces` may be reached; `nil` accepts anything again.
    func expect(_ surfaces: Set<Surface>?) {
        expected = surfaces
    }

    func record(_ surface: Surface, _ call: String) {
        calls.append((surface, call))
        if let expected, !expected.contains(surface) {
            Issue.record("unexpected call to \(surface): \(call) (expected only \(expected.map(\.rawValue).sorted()))")
        }
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
