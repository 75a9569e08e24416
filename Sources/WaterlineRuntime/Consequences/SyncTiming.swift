/// When a change goes to the backend.
public enum SyncTiming: Hashable, Sendable {
    /// Once writes pause (a burst of taps is one push).
    case soon
    /// Now, before the call returns: the process runs in the background and may be suspended
    /// as soon as it hands its time back.
    case beforeSuspending
}
