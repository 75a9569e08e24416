/// A Focus filter applied to what the surfaces are handed: the reminders' previews made discreet
/// and the state marked with it (its `shownSettings`, which the widgets and the Live Activity
/// read). The runtime applies it in one place, to every event's state and result before the plan
/// sees them (`RuntimeEvent.underFocus`), so no surface can be shown without it.
extension ReminderRequest {
    public func underFocus(_ focus: FocusFilter?) -> ReminderRequest {
        guard let focus, focus.discreet else { return self }
        var shown = self
        shown.content = NotificationCopy.discreet(content, kind: kind)
        return shown
    }
}

extension ReminderPlan {
    public func underFocus(_ focus: FocusFilter?) -> ReminderPlan {
        ReminderPlan(requests: requests.map { $0.underFocus(focus) })
    }
}

extension SessionSnapshot {
    public func underFocus(_ focus: FocusFilter?) -> SessionSnapshot {
        var shown = self
        shown.reminders = reminders.underFocus(focus)
        return shown
    }
}

extension DeviceState {
    /// This state as the surfaces show it while `focus` holds (nil, or one asking nothing: as it is).
    public func underFocus(_ focus: FocusFilter?) -> DeviceState {
        guard let focus, !focus.isEmpty else { return self }
        var shown = self
        shown.focus = focus
        shown.active = active?.underFocus(focus)
        return shown
    }
}

extension ActionResult {
    /// What the action did, as the surfaces show it while `focus` holds.
    public func underFocus(_ focus: FocusFilter?) -> ActionResult {
        guard let focus, !focus.isEmpty else { return self }
        var shown = self
        shown.state = state.underFocus(focus)
        shown.session = session?.underFocus(focus)
        shown.nudge = nudge?.underFocus(focus)
        shown.snooze = snooze?.underFocus(focus)
        return shown
    }
}
