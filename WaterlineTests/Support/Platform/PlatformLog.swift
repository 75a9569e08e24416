import Foundation
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// What one process's platform fakes were asked to do, in order, shared by all of them. The fakes
/// fail by default, as isowords' failing clients do: a process is built saying which surfaces its
/// test expects it to reach (`expecting:`, nothing unless it says), and a call to any other surface
/// is an issue at once, reported where the process was built. A surface the process cannot have at
/// all (`possible(for:)`, from its capabilities: no Live Activity in an extension, no signal from
/// the app) fails even when a test says it expects it. `expect(_:)` narrows or widens the expectation
/// for one step of a test.
@MainActor
final class PlatformLog {
    /// The surfaces an action's consequences reach.
    enum Surface: String, CaseIterable, CustomStringConvertible, Sendable {
        case reminders, nudge, liveActivity, widgets, watch, sync, signal, screens, health

        var description: String { rawValue }
    }

    private(set) var calls: [(surface: Surface, call: String)] = []
    /// What the test said when it built the process.
    private let declared: Set<Surface>
    private var expected: Set<Surface>
    /// Where the process was built: an unexpected call is reported there, beside its expectation.
    private let sourceLocation: SourceLocation
    /// Which device's process this is, for messages: "phone", "watch" or "computer".
    let device: String
    /// The surfaces this process can reach at all, from its capabilities.
    let possible: Set<Surface>

    init(expecting surfaces: Set<Surface>, capabilities: DeviceCapabilities, sourceLocation: SourceLocation = #_sourceLocation) {
        device = capabilities.device.rawValue
        declared = surfaces
        expected = surfaces
        self.sourceLocation = sourceLocation
        possible = Self.possible(for: capabilities)
    }

    /// What a process with `capabilities` can reach: no Live Activity without them (an extension,
    /// the watch), no watch delivery without a paired watch, no Health where it is not written, no
    /// signal but from an extension (the app tells no one), nothing of the system's in a terminal.
    static func possible(for capabilities: DeviceCapabilities) -> Set<Surface> {
        var impossible: Set<Surface> = []
        if !capabilities.liveActivities { impossible.insert(.liveActivity) }
        if !capabilities.pairedWatch { impossible.insert(.watch) }
        if !capabilities.notifications { impossible.formUnion([.reminders, .nudge]) }
        if !capabilities.widgets { impossible.insert(.widgets) }
        if !capabilities.appleHealth { impossible.insert(.health) }
        if !capabilities.isExtension { impossible.insert(.signal) }
        return Set(Surface.allCases).subtracting(impossible)
    }

    /// From now on, only `surfaces` may be reached; `nil` returns to what the process was built
    /// expecting.
    func expect(_ surfaces: Set<Surface>?) {
        expected = surfaces ?? declared
    }

    func record(_ surface: Surface, _ call: String) {
        calls.append((surface, call))
        if !possible.contains(surface) {
            Issue.record("a call to \(surface) on the \(device), which this process cannot reach: \(call)", sourceLocation: sourceLocation)
        } else if !expected.contains(surface) {
            Issue.record(
                "unexpected call to \(surface) on the \(device): \(call) (this process expects only \(expected.map(\.rawValue).sorted()))",
                sourceLocation: sourceLocation
            )
        }
    }

    /// Whether a call to `surface` passes now: one the process can reach, and the test expects.
    func allows(_ surface: Surface) -> Bool {
        possible.contains(surface) && expected.contains(surface)
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
