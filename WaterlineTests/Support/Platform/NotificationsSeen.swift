import Foundation
@testable import WaterlineCore
@testable import WaterlineRuntime

/// Where a person wearing an Apple Watch sees the notifications of an app with a watch companion,
/// as Apple documents notification forwarding
/// (https://developer.apple.com/documentation/watchos-apps/taking-advantage-of-notification-forwarding):
/// - a notification the watch schedules shows on the watch;
/// - one the phone schedules shows on the watch while the phone is locked and the watch is worn,
///   and on the phone otherwise.
///
/// Apple does not document that one scheduled on both devices under the same request identifier
/// shows once: `coordinates` keeps that rule (on by default); with it off each device shows its
/// own, and the scenarios show what the person meets then (each reminder at most once a device,
/// never a stale one).
///
/// A phone that is off fires nothing; what fell due while it was off is not shown when it comes
/// back (its app plans again from the records once it runs).
@MainActor
final class NotificationsSeen {
    enum Place: String, Sendable { case wrist, phone }

    struct Shown: Hashable, Sendable {
        var identifier: String
        var fireDate: Date
        var kind: ReminderKind
        var place: Place
        /// The device whose request fired.
        var device: Place
    }

    let phone: RecordingNotificationCenter
    let watch: RecordingNotificationCenter
    var phoneIsOn = true
    var phoneIsLocked = true
    var watchIsWorn = true
    /// The undocumented rule: a request scheduled on both under one identifier shows once.
    var coordinates = true
    private(set) var shown: [Shown] = []
    /// Requests that fired on a device after the same identifier had shown: the coordination
    /// kept them from showing twice.
    private(set) var coordinated = 0

    init(phone: RecordingNotificationCenter, watch: RecordingNotificationCenter) {
        self.phone = phone
        self.watch = watch
    }

    /// Both systems fire what fell due by `now`, in time order.
    func fire(through now: Date) {
        let fromPhone = phone.fireDue(through: now).filter { _ in phoneIsOn }.map { ($0, Place.phone) }
        let fromWatch = watch.fireDue(through: now).map { ($0, Place.wrist) }
        for (request, device) in (fromPhone + fromWatch).sorted(by: { ($0.0.fireDate, $0.1.rawValue) < ($1.0.fireDate, $1.1.rawValue) }) {
            guard !shown.contains(where: { $0.identifier == request.identifier && (coordinates || $0.device == device) }) else {
                coordinated += 1
                continue
            }
            let place: Place = device == .wrist || (phoneIsLocked && watchIsWorn) ? .wrist : .phone
            shown.append(Shown(identifier: request.identifier, fireDate: request.fireDate, kind: request.kind, place: place, device: device))
        }
    }

    /// The time reminders shown, in order.
    var timeReminders: [Shown] { shown.filter { $0.kind == .timeBased } }
}
