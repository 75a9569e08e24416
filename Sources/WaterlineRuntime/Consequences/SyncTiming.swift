import WaterlineSync

/// When the backend is reached after an event.
public enum SyncTiming: Hashable, Sendable {
    /// A change made here goes once writes pause (a burst of taps is one push).
    case soon
    /// A change made here goes now, before the call returns: the process runs in the background
    /// and may be suspended as soon as it hands its time back.
    case beforeSuspending
    /// A pull (then a push) for `reason`, without holding the caller.
    case pull(SyncScheduler.Reason)
}
