import WaterlineCore

/// "Write to Apple Health" as the screens turn it: the runtime's port, so Settings and onboarding
/// hold the runtime and nothing else. Turning it on or off is an input (`.turnHealthOn`,
/// `.turnHealthOff(removing:)`); what is on and what the person refused are read.
public struct RuntimeHealthSwitch: HealthSwitch {
    let runtime: AppRuntime

    public var isOn: Bool {
        get async { await runtime.healthIsOn() }
    }

    public func turnOn() async -> Bool {
        await runtime.handle(.turnHealthOn)
    }

    public func refusedKinds() async -> Set<HealthSample.Kind> {
        await runtime.healthRefusedKinds()
    }

    public func turnOff(removing: Bool) async throws {
        try await runtime.handle(.turnHealthOff(removing: removing))
    }
}

extension AppRuntime {
    /// The Health switch the screens hold (nil where this process writes no Health: an extension,
    /// the watch, the command line, a device without Health).
    public var healthSwitch: RuntimeHealthSwitch? {
        platform.health != nil && platform.capabilities.appleHealth ? RuntimeHealthSwitch(runtime: self) : nil
    }

    func healthIsOn() async -> Bool {
        await platform.health?.isOn ?? false
    }

    func healthRefusedKinds() async -> Set<HealthSample.Kind> {
        await platform.health?.refusedKinds() ?? []
    }

    /// The system's permission sheet, then every log so far; false when nothing was allowed.
    func turnHealthOn() async -> Bool {
        await platform.health?.turnOn() ?? false
    }

    /// Nothing more is written; `removing` also takes away what Waterline wrote.
    func turnHealthOff(removing: Bool) async throws {
        try await platform.health?.turnOff(removing: removing)
    }
}
