/// The volume unit a person reads amounts in. Amounts are always stored in ounces.
public enum Units: String, Codable, Hashable, Sendable, CaseIterable {
    case oz
    case ml
}
