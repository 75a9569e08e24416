/// Apple Health as Waterline uses it: write-only, its own samples only. The app's client is
/// HealthKit (`HealthKitStore`, iOS); tests use a fake that keeps HealthKit's rules (a sample
/// replaces one of the same sync identifier only with a higher version; nothing is written
/// without permission).
public protocol HealthStoreWriting: Sendable {
    /// Shows the system's permission sheet (once; later calls answer at once), and answers the
    /// kinds the person allows Waterline to write (the sheet lets them allow one and not the other).
    func requestWriting() async -> Set<HealthSample.Kind>
    /// The kinds Waterline may write now, without asking (changed in the Health app since).
    func allowedKinds() async -> Set<HealthSample.Kind>
    /// Saves each sample, replacing the one with its sync identifier when its version is higher.
    func save(_ samples: [HealthSample]) async throws
    /// Removes Waterline's samples with these sync identifiers (none there is no error).
    func delete(syncIdentifiers: [String]) async throws
    /// Removes every sample Waterline ever wrote.
    func deleteEverythingWritten() async throws
}
