import Foundation

/// Which records a change replaced: what a pull or a settled push brought in, so only the screens
/// showing those records read again. `everything` when it cannot be told (another process wrote,
/// or the device was erased and taken over by another person's records).
public struct ChangedRecords: Hashable, Sendable {
    public var settings: Bool
    public var presets: Set<UUID>
    /// Nights whose own record or any of whose logs changed.
    public var nights: Set<UUID>
    public var everything: Bool

    public init(settings: Bool = false, presets: Set<UUID> = [], nights: Set<UUID> = [], everything: Bool = false) {
        self.settings = settings
        self.presets = presets
        self.nights = nights
        self.everything = everything
    }

    public static let none = ChangedRecords()
    public static let all = ChangedRecords(everything: true)

    public var isEmpty: Bool { !everything && !settings && presets.isEmpty && nights.isEmpty }

    /// Whether a night other than `running` (an ended one, or one that has just ended) changed:
    /// lists of past nights read theirs again.
    public func changesPastNights(besides running: UUID?) -> Bool {
        everything || nights.contains { $0 != running }
    }

    public mutating func formUnion(_ other: ChangedRecords) {
        settings = settings || other.settings
        presets.formUnion(other.presets)
        nights.formUnion(other.nights)
        everything = everything || other.everything
    }
}
