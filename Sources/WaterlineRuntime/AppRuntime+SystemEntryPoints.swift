import Foundation
import WaterlineCore
import WaterlineAPI

/// The system's callbacks, each on a cold background launch as well as with the app open: a
/// notification's action, a message from the watch or the phone, an intent, a URL. A change they
/// make goes through `send(_:from:)` like any other.
extension AppRuntime {
    /// A notification's action or tap. "Log Water" logs the default glass once, however often
    /// the response is delivered; a tap on the notification opens the running night.
    public func notificationResponseReceived(_ response: NotificationResponse) async {
        switch response.actionIdentifier {
        case NotificationAction.logWater.rawValue:
            _ = try? await send(.logWater(source: platform.capabilities.logSource(for: .notification), id: response.logId), from: .notification)
        case NotificationAction.remindLater.rawValue:
            _ = try? await send(.remindLater, from: .notification)
        case NotificationResponse.defaultActionIdentifier:
            router.go(to: .activeSession)
        default:
            break
        }
    }

    /// A notification arrives while the app is in front: it is shown as the in-app banner
    /// (with Log Water) instead of the system's. Returns whether the system should show it too.
    public func notificationWillPresent(_ content: NotificationContent) -> Bool {
        reminderArrived(content, presented: true)
        return false
    }

    /// "Log Water" on the in-app banner (the banner goes once it is logged).
    public func bannerLogWaterTapped() async {
        _ = try? await send(.logWater(source: platform.capabilities.logSource(for: .banner)), from: .banner)
    }

    /// A message from the watch (on the phone): one of its sync engine's requests, answered from
    /// this phone's store by the backend's rules (`WatchLinkServer`) as soon as it is saved here.
    /// What it changed is shown on every surface here and pushed on to the cloud. With `replying`,
    /// the watch waits for the answer, which this returns; a queued message (`transferUserInfo`)
    /// is only taken in. A message this version cannot read is answered with nothing.
    public func watchMessageReceived(_ data: Data, replying: Bool) async -> Data? {
        await holdingBackground("watch message") {
            guard let server = platform.watchLinkServer, case .request(let request)? = try? WatchMessage.decodeIfKnown(data) else { return nil }
            // The person is set up first (after "Delete Account" the next one is), so the watch
            // always learns whose records the phone holds.
            _ = try? await service.state()
            var answer: LinkAnswer?
            await followCommits(always: true, holding: "watch pushed", writing: {
                let (given, changed) = await server.answer(request)
                answer = given
                return changed
            }) { .watchPushed($0, $1) }
            guard replying, let answer else { return nil }
            return try? WatchMessage.answer(answer).encoded()
        }
    }

    /// The watch link finished activating: the watch is told to pull what it may have missed.
    public func watchLinkActivated() async {
        await follow(.watchLinkActivated)
    }

    /// A message from the phone (on the watch): its records changed, so the watch pulls, once for
    /// each notice however many of its copies (message, application context) arrive.
    public func phoneMessageReceived(_ data: Data) async {
        guard platform.capabilities.pairedPhone, case .phoneChanged(let notice)? = try? WatchMessage.decodeIfKnown(data),
              notice.sequence > lastPhoneNotice ?? Int.min
        else { return }
        lastPhoneNotice = notice.sequence
        await follow(.pullAsked(.pairedDeviceChanged))
    }

    /// The phone came in or went out of reach (on the watch, while its app runs: a suspended app
    /// hears nothing): what waited goes to the phone. Reminders do not move: both devices schedule
    /// them, and the system shows each once.
    public func phoneReachabilityChanged(isReachable: Bool) async {
        guard platform.capabilities.pairedPhone else { return }
        await scheduler.networkChanged(isOnline: isReachable)
    }

    /// A quick intent (widget button, Live Activity button, Siri, Shortcuts), in this process.
    public func intentRequested(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        let activities = platform.liveActivities
        return try await IntentRunner(actions: self, liveActivityShows: { activities.runningSessionIds().contains($0) }).run(intent, source: source)
    }
}
