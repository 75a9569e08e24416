import WaterlineSync

/// When the backend is reached after an event.
public enum SyncTiming: Hashable, Sendable {
    /// A change made here goes once writes pause (a burst of taps is one push).
    case soon
    /// A change made here goes now, held by a background task of its own: the process runs in
    /// the background and may be suspended as soon as it hands its time back, and its caller (a
    /// notification's action, the watch waiting for its answer) is answered once the change is
    /// saved and shown, not after the network (the phone).
    case beforeSuspending
    /// A change made here goes before the call returns: the process has no background task to
    /// hold it (the watch, whose push goes to the phone beside it).
    case beforeAnswering
    /// A pull (then a push) for `reason`, without holding the caller.
    case pull(SyncScheduler.Reason)
    /// A pull, then a push, for `reason`, before the caller is answered (signing in, `waterline
    /// sync`, a background refresh that must finish in its time).
    case now(SyncScheduler.Reason)
    /// The way to the backend (the network; on the watch, its phone) went or came back: what
    /// waited goes when it is back.
    case connection(isUp: Bool)
    /// The open app looks for other devices' changes if `SyncScheduler.openPullInterval` has
    /// passed since it last did (the scheduler keeps the time).
    case lookWhileOpen
    /// Every change the backend refused is released and pushed now ("Send Again").
    case resendRefused
}
