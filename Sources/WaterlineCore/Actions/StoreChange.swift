/// What the open screens hear after the store changed (an action here, a write by another
/// process, a pull): the state every surface now shows, so none of them reads the store again.
public struct StoreChange: Hashable, Sendable {
    public var state: DeviceState
    /// The session the change was about, when it was one action's (an ended session, for the screen
    /// that showed it running).
    public var session: SessionSnapshot?
    /// Whether ended sessions changed: lists of past sessions read theirs again.
    public var pastSessionsChanged: Bool

    public init(state: DeviceState, session: SessionSnapshot? = nil, pastSessionsChanged: Bool) {
        self.state = state
        self.session = session
        self.pastSessionsChanged = pastSessionsChanged
    }
}
