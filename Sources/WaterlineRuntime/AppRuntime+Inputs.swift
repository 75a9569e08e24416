import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineSync

/// Every input, in one place. Each works on a cold background launch as well as with the app
/// open; none decides an effect of its own: it writes or reads through the service and hands the
/// event to the plan, whose consequences (sync included) the executor carries out.
extension AppRuntime {
    /// Takes `input` and answers when its work is saved and shown (a background refresh, a
    /// command's `.settle` and "Send Again" once their sync has run).
    @discardableResult
    public func handle<Reply, Failure>(_ input: RuntimeInput<Reply, Failure>) async throws(Failure) -> Reply {
        try await input.answer(self)
    }

    /// A quick intent (a widget's or the Live Activity's button, Siri, Shortcuts), answered with
    /// the words the system shows.
    func run(_ intent: QuickIntent, source: LogSource) async throws -> IntentOutcome {
        let activities = platform.liveActivities
        return try await IntentRunner(actions: self, liveActivityShows: { activities.runningSessionIds().contains($0) }).run(intent, source: source)
    }

    /// Siri's question, answered from the store as every surface reads it; a store that cannot be
    /// read says so.
    func answer(_ question: IntentQuestion) async -> IntentAnswer {
        guard let state = try? await service.state() else { return IntentAnswer(dialog: KitText.string(KitStrings.siriUnreadable)) }
        return IntentRunner.answer(question, state: state, now: platform.now())
    }

    /// A notification about to show with the app in front: shown as the in-app banner (with Log
    /// Water) instead of the system's.
    func willPresent(_ content: NotificationContent) -> Bool {
        reminderArrived(content, presented: true)
        return false
    }

    /// The plan asks the system, then plans what the answer allows (a running session's reminders
    /// included); the answer is what the system says now.
    func notificationsAsked() async -> NotificationAuthorization {
        await followStore { .notificationsAsked($0) }
        return await platform.notifications.authorization()
    }

    /// Pull and push now for `reason`; answered with where sync stands.
    func syncNow(_ reason: SyncScheduler.Reason) async -> SyncStatus {
        await follow(.syncAsked(reason))
        return syncStatus
    }

    /// Every input answered with nothing, in one `switch`.
    func take(_ input: RuntimeInputKind) async {
        switch input {
        case .bannerLogWater:
            _ = try? await perform(.logWater(source: platform.capabilities.logSource(for: .banner)), from: .banner)
        case .bannerDismissed:
            inAppReminders.dismiss()
        case .linkShown(let link):
            router.shown(link)
        case .launched:
            await follow(.launched)
        case .becameActive:
            await becameActive()
        case .resignedActive:
            isActive = false
            await follow(.resignedActive)
        case .foregroundTick:
            await foregroundTick()
        case .backgroundRefresh:
            // Time has passed: a session gone quiet is no longer live, whatever the sync brought.
            await follow(.syncAsked(.backgroundRefresh))
            await followStore { .refresh($0) }
        case .unlocked, .focusChanged, .deviceChanged:
            await followStore { .refresh($0) }
        case .storeChangedElsewhere:
            await followCommits(always: true, holding: "store changed") { .otherProcessWrote($0, $1) }
        case .networkChanged(let isOnline):
            await follow(.networkChanged(isOnline: isOnline))
        case .openURL(let url):
            router.open(url)
        case .notificationResponse(let response):
            await notificationResponse(response)
        case .watchLinkActivated:
            // The watch is handed what it lacks.
            await follow(.watchLinkActivated)
        case .phoneMessage(let data):
            await phoneMessage(data)
        case .phoneReachabilityChanged(let isReachable):
            await follow(.phoneReachabilityChanged(isReachable: isReachable))
        case .resendRefusedChanges:
            await follow(.resendAsked)
        case .settle:
            await requests.idle()
            await scheduler.idle()
        }
    }

    // MARK: The screens' ports

    /// A change from a screen or anything holding the runtime as its `SessionActions`: the same
    /// input as `.action`.
    @discardableResult
    public func send(_ action: SessionAction, from origin: ActionOrigin) async throws -> ActionResult {
        try await handle(.action(action, from: origin))
    }

    /// What the person allowed, as the system says now (onboarding and Settings).
    public func notificationAuthorization() async -> NotificationAuthorization {
        await platform.notifications.authorization()
    }

    /// The same input as `.askForNotifications`.
    public func askForNotifications() async -> NotificationAuthorization {
        await handle(.askForNotifications)
    }

    // MARK: Lifecycle

    /// Other processes may have written meanwhile, and a Live Activity the system would not start
    /// in the background is owed: everything is brought up to date, then the plan pulls.
    private func becameActive() async {
        isActive = true
        reminderWatch = ReminderWatch(since: platform.now())
        // Everything is shown again: the feed's place moves on with it.
        await followStore(everythingShown: true) { .activated($0) }
    }

    /// The plan asks the scheduler for its quiet look at other devices' changes (a pull once
    /// `SyncScheduler.openPullInterval` has passed, so a session ended elsewhere stops here while the
    /// app is open); a reminder of the plan that fell due since the last look moves every surface
    /// on to the next one (and shows as the in-app banner when notifications are off, as the plan
    /// says).
    private func foregroundTick() async {
        await follow(.openAppTick)
        guard isActive, let due = reminderWatch.look(at: executor.shown.plan, now: platform.now()).last else { return }
        reminderArrived(due.content, presented: false)
    }

    /// A reminder arrived (fell due in the open app, or was presented by the system while the app
    /// is in front): every surface shows the store again as of now ("Next reminder" moves on),
    /// with the banner as the plan says.
    private func reminderArrived(_ content: NotificationContent, presented: Bool) {
        requests.add { [weak self] in await self?.followStore { .reminderArrived($0, content, presented: presented) } }
    }

    // MARK: Notifications and the other device

    /// "Log Water" logs the default glass once, however often the response is delivered; a tap
    /// on the notification opens the running session.
    private func notificationResponse(_ response: NotificationResponse) async {
        switch response.actionIdentifier {
        case NotificationAction.logWater.rawValue:
            _ = try? await perform(.logWater(source: platform.capabilities.logSource(for: .notification), id: response.logId), from: .notification)
        case NotificationAction.remindLater.rawValue:
            _ = try? await perform(.remindLater, from: .notification)
        case NotificationResponse.defaultActionIdentifier:
            router.go(to: .activeSession)
        default:
            break
        }
    }

    /// One of the watch's sync requests, answered from this phone's store by the backend's rules
    /// (`WatchLinkServer`) as soon as it is saved here. What it changed is shown on every surface
    /// here and pushed on to the cloud. A transferred push (`transferUserInfo`, no one waiting)
    /// is answered in the next delivery to the watch, which always follows it; a request to
    /// deliver again moves the delivered place back to where the watch is.
    func watchMessage(_ data: Data, replying: Bool) async -> Data? {
        await holdingBackground("watch message") {
            guard let server = platform.watchLinkServer else { return nil }
            let message: WatchMessage?
            do {
                message = try WatchMessage.decodeIfKnown(data)
            } catch WatchMessageError.tooLarge(let bytes) {
                // Refused unread; a sender waiting for the answer is told why.
                let refusal = LinkAnswer.refused(
                    code: ErrorCode.invalidArgument.rawValue, message: "a message of \(bytes) bytes is over the \(WatchMessage.maximumBytes) a message may hold"
                )
                return replying ? try? WatchMessage.answer(refusal).encoded() : nil
            } catch {
                return nil
            }
            guard case .request(let request)? = message else { return nil }
            if case .resend(let place) = request {
                watchDeliveries?.resend(after: place)
                await follow(.watchLinkActivated)
                return nil
            }
            // The person is set up first (after "Delete Account" the next one is), so the watch
            // always learns whose records the phone holds.
            _ = try? await service.state()
            var answer: LinkAnswer?
            let deliveries = watchDeliveries
            await followCommits(always: true, holding: "watch pushed", writing: {
                let (given, changed) = await server.answer(request)
                answer = given
                guard !replying, case .push(let batch) = request, case .pushed(let results) = given else { return changed }
                deliveries?.took(zip(batch.changes, results.results).map { TakenChange(sent: $0, outcome: $1) })
                return true
            }) { .watchPushed($0, $1) }
            guard replying, let answer else { return nil }
            return try? WatchMessage.answer(answer).encoded()
        }
    }

    /// What the phone delivered (a page of its changes, its latest state, the complication's
    /// transfer) is merged here, and every surface follows what it changed, reminders and the
    /// face included: nothing waits for the watch to ask, which it cannot do from the background.
    private func phoneMessage(_ data: Data) async {
        guard let phone = platform.pairedPhone, case .delivery(let delivery)? = try? WatchMessage.decodeIfKnown(data) else { return }
        // The latest state says which Focus filter the phone is under; a page of the feed does not.
        let focusMoved = delivery.isLatestState && delivery.focus != phoneFocus
        if delivery.isLatestState { phoneFocus = delivery.focus }
        await followCommits(always: false, holding: "phone delivered", writing: { await phone.receive(delivery).wrote }) { .pulled($0, $1) }
        // Nothing else may have changed: every surface follows the filter all the same.
        if focusMoved { await followStore { .refresh($0) } }
    }
}
