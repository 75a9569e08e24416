/// What the phone remembers about Apple Health, on this device only (one device writes, so
/// nothing counts twice): whether the person turned it on, and how far into the store's change
/// feed the samples are written.
public protocol HealthPreferences: AnyObject, Sendable {
    var isWritingToHealth: Bool { get set }
    /// The change feed's sequence up to which every log has its sample (0: none yet).
    var healthCursor: Int { get set }
}
