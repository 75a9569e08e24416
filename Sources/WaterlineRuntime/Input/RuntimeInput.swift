import Foundation
import WaterlineCore
import WaterlineSync

/// What reaches the runtime from outside, as one value: a change with its origin, a lifecycle
/// step, a notification arriving or answered, a message from the other device, a tick, a
/// background task, another process's write. `AppRuntime.handle(_:)` takes every one of them in
/// one place; what follows is the plan's to decide and the executor's to carry out.
///
/// `Reply` is what the caller gets back (most get nothing: `Void`), and `Failure` what it may
/// throw: only a change (and taking Health's data away, which Health may fail) can be refused, so
/// every other input is handled without `try`. Each
/// factory fixes both and names the runtime function that answers, so the compiler checks every
/// answer's type: there is no cast in the door.
public struct RuntimeInput<Reply: Sendable, Failure: Error>: Sendable {
    let answer: @MainActor @Sendable (AppRuntime) async throws(Failure) -> Reply

    fileprivate init(answer: @escaping @MainActor @Sendable (AppRuntime) async throws(Failure) -> Reply) {
        self.answer = answer
    }
}

extension RuntimeInput where Reply == Void, Failure == Never {
    /// An input answered with nothing: taken in `AppRuntime.take(_:)`'s one `switch`.
    fileprivate init(_ kind: RuntimeInputKind) {
        self.init { runtime in await runtime.take(kind) }
    }
}

// MARK: A change, answered with what it did (or refused)

extension RuntimeInput where Reply == ActionResult, Failure == any Error {
    /// A change made wherever the person acted (a screen, a notification's action, a widget or
    /// Live Activity button, the in-app banner, the command line).
    public static func action(_ action: SessionAction, from origin: ActionOrigin) -> Self {
        Self { runtime throws(any Error) in try await runtime.perform(action, from: origin) }
    }
}

extension RuntimeInput where Reply == IntentOutcome, Failure == any Error {
    /// A quick intent (a widget's or the Live Activity's button, Siri, Shortcuts) in this process,
    /// answered with the words the system shows.
    public static func intent(_ intent: QuickIntent, source: LogSource) -> Self {
        Self { runtime throws(any Error) in try await runtime.run(intent, source: source) }
    }
}

extension RuntimeInput where Reply == IntentAnswer, Failure == Never {
    /// Siri asking about the session ("How's my Waterline?"), answered from the store as it stands,
    /// in the app's words; nothing changes.
    public static func question(_ question: IntentQuestion) -> Self { Self { runtime in await runtime.answer(question) } }
}

// MARK: The outside world, answered with nothing

extension RuntimeInput where Reply == Void, Failure == Never {
    /// The process started, in front or in the background, before launch finishes.
    public static var launched: Self { Self(.launched) }
    /// The app came to the front.
    public static var becameActive: Self { Self(.becameActive) }
    /// The app left the front.
    public static var resignedActive: Self { Self(.resignedActive) }
    /// Now and then while the app is open (every ten seconds).
    public static var foregroundTick: Self { Self(.foregroundTick) }
    /// A background app refresh; handled once it has synced and shown the store as of now.
    public static var backgroundRefresh: Self { Self(.backgroundRefresh) }
    /// The phone was unlocked (its protected data is readable again): what could not be written
    /// while it was locked (Apple Health's samples) is written now, with the surfaces as of now.
    public static var unlocked: Self { Self(.unlocked) }
    /// A Focus filter turned on, off or changed (`RuntimePlatform.focusFilter` says it now):
    /// every surface is shown again as it asks; the person's settings are untouched.
    public static var focusChanged: Self { Self(.focusChanged) }
    /// The device says what it has changed (Live Activities turned on or off for the app, the
    /// watch app installed or removed; `RuntimePlatform.report` says it now): every surface is
    /// shown again as it allows, a Live Activity started where one may now be.
    public static var deviceChanged: Self { Self(.deviceChanged) }
    /// Another process wrote to the shared store (its cross-process signal arrived).
    public static var storeChangedElsewhere: Self { Self(.storeChangedElsewhere) }
    /// The network went away or came back.
    public static func networkChanged(isOnline: Bool) -> Self { Self(.networkChanged(isOnline: isOnline)) }
    /// A URL the app was asked to open (a widget, the complication).
    public static func openURL(_ url: URL) -> Self { Self(.openURL(url)) }
    /// A notification's action or a tap on it, on a cold launch as well as with the app open.
    public static func notificationResponse(_ response: NotificationResponse) -> Self { Self(.notificationResponse(response)) }
    /// "Log Water" on the in-app banner.
    public static var bannerLogWater: Self { Self(.bannerLogWater) }
    /// "Dismiss" on the in-app banner (or the watch's reminder card).
    public static var bannerDismissed: Self { Self(.bannerDismissed) }
    /// A screen went where a widget, the complication or a notification asked (`LinkRouter.pending`).
    public static func linkShown(_ link: DeepLink) -> Self { Self(.linkShown(link)) }
    /// The watch link finished activating (on the phone).
    public static var watchLinkActivated: Self { Self(.watchLinkActivated) }
    /// A message from the phone (on the watch).
    public static func phoneMessage(_ data: Data) -> Self { Self(.phoneMessage(data)) }
    /// The phone came in or went out of reach (on the watch, while its app runs).
    public static func phoneReachabilityChanged(isReachable: Bool) -> Self { Self(.phoneReachabilityChanged(isReachable: isReachable)) }
    /// "Send Again" beside the changes the backend refused; handled once that push has run.
    public static var resendRefusedChanges: Self { Self(.resendRefusedChanges) }
    /// Handled once every sync asked for so far has run (and writes waiting for their pause have
    /// been pushed): for a command that exits after its writes, and for tests.
    public static var settle: Self { Self(.settle) }
}

// MARK: The outside world, answered with a value

extension RuntimeInput where Reply == Bool, Failure == Never {
    /// A notification arrives while the app is in front; answered with whether the system should
    /// show it too (the phone shows its own banner instead).
    public static func notificationWillPresent(_ content: NotificationContent) -> Self { Self { runtime in runtime.willPresent(content) } }
    /// "Write to Apple Health" turned on (Settings, onboarding): the system's sheet, then every
    /// log so far; answered with whether anything was allowed.
    public static var turnHealthOn: Self { Self { runtime in await runtime.turnHealthOn() } }
}

extension RuntimeInput where Reply == Bool, Failure == any Error {
    /// Signed in as `account` (Sign in with Apple, the command line's sign-in): the person exists
    /// here and their Apple ID is kept with them; answered with whether this device holds another
    /// account's records, which then move nowhere until `.accountChosen`. Sync is asked for apart.
    public static func signedIn(as account: UUID, appleUserId: String?) -> Self {
        Self { runtime throws(any Error) in try await runtime.signedIn(as: account, appleUserId: appleUserId) }
    }
}

extension RuntimeInput where Reply == Void, Failure == any Error {
    /// Whose records these are, chosen after signing in: this device's go to `account`, or are
    /// removed for its own (`AccountChoice`). Sync is asked for apart.
    public static func accountChosen(_ choice: AccountChoice, for account: UUID) -> Self {
        Self { runtime throws(any Error) in try await runtime.accountChosen(choice, for: account) }
    }

    /// "Write to Apple Health" turned off; `removing` takes away what Waterline wrote too (fails
    /// when Health cannot remove it now).
    public static func turnHealthOff(removing: Bool) -> Self {
        Self { runtime throws(any Error) in try await runtime.turnHealthOff(removing: removing) }
    }
}

extension RuntimeInput where Reply == Data?, Failure == Never {
    /// A message from the watch (on the phone); answered with the encoded answer when the watch
    /// waits for one (`replying`), with nothing for a queued message or one this version cannot read.
    public static func watchMessage(_ data: Data, replying: Bool) -> Self { Self { runtime in await runtime.watchMessage(data, replying: replying) } }
}

extension RuntimeInput where Reply == SyncStatus, Failure == Never {
    /// Pull and push now for `reason` (signing in, `waterline sync`); answered with where sync stands.
    public static func syncNow(_ reason: SyncScheduler.Reason) -> Self { Self { runtime in await runtime.syncNow(reason) } }
}

extension RuntimeInput where Reply == NotificationAuthorization, Failure == Never {
    /// The person asked to be reminded (onboarding's "Enable Notifications", the Settings row);
    /// answered with what they allowed.
    public static var askForNotifications: Self { Self { runtime in await runtime.notificationsAsked() } }
}
