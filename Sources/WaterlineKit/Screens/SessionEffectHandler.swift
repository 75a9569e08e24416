/// Carries out what an action asks of the platform: notifications, the Live Activity, widget
/// reloads, the watch. The app wires the live one; tests record.
public protocol SessionEffectHandler: Sendable {
    func perform(_ effects: [SessionEffect]) async
}
