import Foundation

/// How long a banner (a reminder shown in the app, an Undo) stays by itself. With VoiceOver
/// running it stays until acted on or dismissed: a banner that leaves on a timer may leave before
/// VoiceOver reaches it.
public enum BannerTiming {
    /// Seconds before `duration`'s banner leaves by itself; nil: it stays.
    public static func autoDismissal(after duration: TimeInterval, voiceOverRunning: Bool) -> TimeInterval? {
        voiceOverRunning ? nil : duration
    }
}
