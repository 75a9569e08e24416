/// A numeric range a field must fall in, with an open lower bound where zero is meaningless.
public struct Limit: Hashable, Sendable {
    public var lower: Double
    public var upper: Double
    public var lowerIsExclusive: Bool
    /// The unit named in error messages ("oz", "%"), if any.
    public var unit: String

    public init(lower: Double, upper: Double, lowerIsExclusive: Bool = false, unit: String = "") {
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
        self.unit = unit
    }

    /// The whole numbers allowed, for a stepper (a count or a threshold).
    public var wholeNumbers: ClosedRange<Int> {
        let low = lowerIsExclusive ? Int(lower.rounded(.down)) + 1 : Int(lower.rounded(.up))
        return low...Int(upper.rounded(.down))
    }

    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, value <= upper else { return false }
        return lowerIsExclusive ? value > lower : value >= lower
    }

    /// Throws `outOfRange` naming `field` when `value` falls outside.
    public func check(_ value: Double, field: String) throws(ValidationError) {
        guard contains(value) else {
            throw .outOfRange(field: field, value: value, allowed: allowedDescription)
        }
    }

    public var allowedDescription: String {
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let low = lowerIsExclusive ? "more than \(Self.format(lower))" : "at least \(Self.format(lower))"
        return "\(low) and at most \(Self.format(upper))\(suffix)"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
