/// Where an action came from, named by every caller of `SessionActions.send(_:from:)`: what
/// follows may differ by it (the banner whose "Log Water" made the change goes).
public enum ActionOrigin: String, CaseIterable, Hashable, Sendable {
    /// A screen of the app or the watch app.
    case screen
    /// Siri or Shortcuts.
    case intent
    /// A Home or Lock Screen widget's button, or the watch's complication.
    case widget
    /// A button on the Live Activity.
    case liveActivity
    /// An action on a reminder notification ("Log Water", "Remind Me in 10 Min").
    case notification
    /// "Log Water" on the in-app banner.
    case banner
    /// A `waterline` command in a terminal.
    case commandLine
}
