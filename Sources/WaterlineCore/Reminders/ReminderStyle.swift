/// How a reminder makes itself known, on every device that posts one.
public enum ReminderStyle: String, Codable, Hashable, Sendable, CaseIterable {
    /// The system's sound and haptic (the default).
    case soundAndHaptic = "sound"
    /// A tap only: a silent sound, so the phone vibrates and the watch taps with nothing heard.
    case hapticOnly = "haptic"
    /// The banner alone: no sound, no haptic.
    case silent
}
