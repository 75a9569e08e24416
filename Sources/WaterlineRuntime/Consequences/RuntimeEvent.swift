import WaterlineCore
import WaterlineSync

/// What happened, as the consequence plan reads it: an action in this process, records that
/// changed by another way (named by the store's change feed, `SessionStore.changes(after:)`), a moment when every surface should show the store again, or an outside
/// step that asks for nothing but what the plan says (a pull, telling the watch).
public enum RuntimeEvent: Hashable, Sendable {
    /// An action made in this process, from `origin`.
    case action(ActionResult, from: ActionOrigin)
    /// Another process (a widget's or Siri's extension) wrote these records to the shared store.
    case otherProcessWrote(DeviceState, ChangedRecords)
    /// A pull, or the versions a push settled, replaced these records.
    case pulled(DeviceState, ChangedRecords)
    /// The paired watch's push changed these records here (on the phone).
    case watchPushed(DeviceState, ChangedRecords)
    /// Nothing was written here, but what the surfaces show may have moved on: a background
    /// refresh, or the person answered the notification question.
    case refresh(DeviceState)
    /// The app came to the front: everything is shown again as of now (other processes may have
    /// written meanwhile), and what changed elsewhere is pulled.
    case activated(DeviceState)
    /// A reminder of the running session fell due while the app is open (`presented` false), or
    /// arrived as a notification with the app in front, which the system then does not show
    /// (`presented` true): "Next reminder" moves on, and the banner shows it as the plan says.
    case reminderArrived(DeviceState, NotificationContent, presented: Bool)
    /// A pull is asked for and nothing here changed: the process launched, the paired phone
    /// said its records changed (on the watch).
    case pullAsked(SyncScheduler.Reason)
    /// The watch link came up (on the phone), or the watch asked for the phone's changes again:
    /// what the watch lacks is delivered.
    case watchLinkActivated
    /// The app left the front: the system may suspend it any moment (on the watch, as the wrist
    /// goes down), so what waits goes now.
    case resignedActive
    /// The process started, in front or in the background: what must exist before any callback
    /// arrives is set up, and what changed elsewhere is pulled.
    case launched
    /// The person asked to be reminded (onboarding's "Enable Notifications", the Settings row):
    /// the system's question, then what the answer allows, planned from this state.
    case notificationsAsked(DeviceState)
    /// A sync the caller waits for: signing in, `waterline sync`, a background refresh.
    case syncAsked(SyncScheduler.Reason)
    /// The network went away or came back.
    case networkChanged(isOnline: Bool)
    /// The phone came in or went out of reach (on the watch, while its app runs).
    case phoneReachabilityChanged(isReachable: Bool)
    /// The open app's tick (every ten seconds while it is in front).
    case openAppTick
    /// "Send Again" beside the changes the backend refused.
    case resendAsked

    /// The state every surface shows after it; nil for an event that shows nothing again.
    public var state: DeviceState? {
        switch self {
        case .action(let result, _): result.state
        case .otherProcessWrote(let state, _), .pulled(let state, _), .watchPushed(let state, _), .refresh(let state),
             .activated(let state), .reminderArrived(let state, _, _), .notificationsAsked(let state): state
        case .launched, .pullAsked, .watchLinkActivated, .resignedActive, .syncAsked, .networkChanged, .phoneReachabilityChanged, .openAppTick, .resendAsked: nil
        }
    }

    /// This event as the surfaces are handed it while `focus` holds (`FocusFilter`): its state,
    /// and an action's result, made discreet where the filter asks.
    public func underFocus(_ focus: FocusFilter?) -> RuntimeEvent {
        guard let focus, !focus.isEmpty else { return self }
        return switch self {
        case .action(let result, let origin): .action(result.underFocus(focus), from: origin)
        case .otherProcessWrote(let state, let changed): .otherProcessWrote(state.underFocus(focus), changed)
        case .pulled(let state, let changed): .pulled(state.underFocus(focus), changed)
        case .watchPushed(let state, let changed): .watchPushed(state.underFocus(focus), changed)
        case .refresh(let state): .refresh(state.underFocus(focus))
        case .activated(let state): .activated(state.underFocus(focus))
        case .reminderArrived(let state, let content, let presented): .reminderArrived(state.underFocus(focus), content, presented: presented)
        case .notificationsAsked(let state): .notificationsAsked(state.underFocus(focus))
        case .launched, .pullAsked, .watchLinkActivated, .resignedActive, .syncAsked, .networkChanged, .phoneReachabilityChanged, .openAppTick, .resendAsked: self
        }
    }
}
