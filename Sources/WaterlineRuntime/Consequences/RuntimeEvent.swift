import WaterlineCore

/// What happened, as the consequence plan reads it: an action in this process, or records that
/// changed by another way, or a moment when every surface should show the store again.
public enum RuntimeEvent: Hashable, Sendable {
    /// An action made in this process, from `origin`.
    case action(ActionResult, from: ActionOrigin)
    /// Another process (a widget's or Siri's extension) wrote to the shared store.
    case otherProcessWrote(DeviceState)
    /// A pull, or the versions a push settled, replaced these records.
    case pulled(DeviceState, ChangedRecords)
    /// The paired watch's push changed records here (on the phone).
    case watchPushed(DeviceState)
    /// Nothing was written here, but what the surfaces show may have moved on: the app came to
    /// the front (`records` then says what may have changed meanwhile), a reminder fell due, or
    /// the person answered the notification question.
    case refresh(DeviceState, ChangedRecords)

    /// The state every surface shows after it.
    public var state: DeviceState {
        switch self {
        case .action(let result, _): result.state
        case .otherProcessWrote(let state), .pulled(let state, _), .watchPushed(let state), .refresh(let state, _): state
        }
    }
}
