/// "Write to Apple Health" as Settings turns it (the runtime's `HealthWriter`): on, with the
/// system's permission sheet; off, with or without removing what Waterline wrote.
public protocol HealthSwitch: Sendable {
    var isOn: Bool { get async }
    /// False when the person did not allow writing either kind (Health stays off).
    func turnOn() async -> Bool
    /// The kinds the person did not allow (what is allowed is written; what is not is said).
    func refusedKinds() async -> Set<HealthSample.Kind>
    func turnOff(removing: Bool) async throws
}
