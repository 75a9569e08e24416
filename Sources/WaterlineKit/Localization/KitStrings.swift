/// Every user-facing text of the kit, with its English. `Kit.xcstrings` has each key, in every
/// language of `KitLanguage.supported`; `LocalizationTests` keeps the two in step.
public enum KitStrings {
    // MARK: Reminders
    static let reminderDiscreetTitle = KitString("reminder.discreet.title", "Time for a break")
    static let reminderDiscreetBody = KitString("reminder.discreet.body", "A good moment for a glass of water.")
    static let reminderTimeTitle = KitString("reminder.time.title", "Time for water")
    static let reminderTimeBody = KitString("reminder.time.body", "A glass of water keeps your evening at your pace.")
    static let reminderPerDrinkBody = KitString("reminder.perDrink.body", one: "You've had %lld drink — time for water", other: "You've had %lld drinks — time for water")
    static let reminderWarningTitle = KitString("reminder.warning.title", "Your Waterline is high")
    static let reminderWarningBody = KitString("reminder.warning.body", "Your Waterline is high — drink water to return to center")
    static let reminderCounts = KitString("reminder.counts", "Drinks %lld · Water %lld · Waterline %@")
    static let actionLogWater = KitString("action.logWater", "Log Water")
    static let actionRemindLater = KitString("action.remindLater", "Remind Me in 10 Min")
    static let actionDismiss = KitString("action.dismiss", "Dismiss")

    // MARK: Numbers and entries
    static let atCenter = KitString("format.atCenter", "at center")
    static let aboveCenter = KitString("format.aboveCenter", "above center")
    static let belowCenter = KitString("format.belowCenter", "below center")
    static let minutes = KitString("format.minutes", "%lld min")
    static let hoursMinutes = KitString("format.hoursMinutes", "%lld h %@ min")
    static let waterDueNow = KitString("format.waterDueNow", "Water due now")
    static let waterDueIn = KitString("format.waterDueIn", one: "Water due in: %lld drink", other: "Water due in: %lld drinks")
    static let drinkCount = KitString("count.drinks", one: "%lld drink", other: "%lld drinks")
    static let waterCount = KitString("count.waters", one: "%lld water", other: "%lld waters")
    static let beer = KitString("drink.beer", "Beer")
    static let wine = KitString("drink.wine", "Wine")
    static let liquor = KitString("drink.liquor", "Liquor")
    static let cocktail = KitString("drink.cocktail", "Cocktail")
    static let logDrink = KitString("log.drink", "%@ · %@ · %@ std")
    static let logWater = KitString("log.water", "Water · %@")
    static let sizePint = KitString("size.pint", "Pint (%@)")
    static let sizeGlass = KitString("size.glass", "Glass (%@)")
    static let sizeLargeGlass = KitString("size.largeGlass", "Large glass (%@)")
    static let sizeShot = KitString("size.shot", "Shot (%@)")
    static let sizeDouble = KitString("size.double", "Double (%@)")
    static let sizeStandard = KitString("size.standard", "Standard")
    static let sizeStrong = KitString("size.strong", "Strong")
    static let waterAmount = KitString("settings.waterAmount", "Water: %@")
    static let presetChip = KitString("preset.chip", "%@ · %@ std")
    static let presetChipAccessibility = KitString("preset.chip.accessibility", "%@, standard drinks: %@")

    // MARK: Siri, Shortcuts, widget buttons
    static let intentWaterLogged = KitString("intent.waterLogged", "Water logged. Waterline %@.")
    static let intentDrinkLogged = KitString("intent.drinkLogged", "Drink logged. Waterline %@.")
    static let intentAlreadyRunning = KitString("intent.alreadyRunning", "A session is already running.")
    static let intentStarted = KitString("intent.started", "Session started. Enjoy your night.")
    static let intentEnded = KitString("intent.ended", "Session ended.")
    static let intentEndedCounts = KitString("intent.endedCounts", "Session ended. %@, %@.")
    static let intentNoSession = KitString("intent.noSession", "There's no session running. Start one first.")

    // MARK: Screens
    static let abandonedMessage = KitString("prompt.abandoned", one: "Your session has been running for %lld hour. End it?", other: "Your session has been running for %lld hours. End it?")
    static let endNow = KitString("prompt.endNow", "End Now")
    static let keepGoing = KitString("prompt.keepGoing", "Keep Going")
    static let gaugeLabel = KitString("gauge.label", "Waterline %@, %@")
    static let gaugeWarning = KitString("gauge.warning", "Drink water to return to center")
    static let summaryRange = KitString("summary.range", "Ranged from %@ to %@")
    static let chartSummary = KitString("chart.summary", "%@ and %@; the Waterline peaked at %@ and ended at %@.")
    static let notificationsDisabled = KitString("settings.notificationsDisabled", "Notifications disabled")
    static let deleteSignedIn = KitString("settings.deleteSignedIn", "Your sessions, logs, presets and settings are removed from this iPhone and from the server. This cannot be undone.")
    static let deleteSignedOut = KitString("settings.deleteSignedOut", "You are not signed in, so only this iPhone's sessions, logs, presets and settings are removed; a backup on the server stays until you sign in and delete the account there. This cannot be undone.")
    static let homeEmpty = KitString("home.empty", "No sessions yet. When you head out, start one here.")
    static let messageOffline = KitString("message.offline", "Waterline could not reach the server. Nothing was lost; please try again when you are online.")
    static let messageGeneric = KitString("message.generic", "Something went wrong. Your data is safe; please try again.")
    static let accountChoice = KitString("account.choice", "This iPhone holds sessions from another account. Keep them for the account you signed in with, or start clean with that account's own data?")
    static let historyTitle = KitString("history.title", "%@ · %@")
    static let historyTitleCounts = KitString("history.titleCounts", "%@ · %@ · %@, %@")
    static let undoWater = KitString("undo.water", "Logged water")
    static let undoDrink = KitString("undo.drink", "Logged %@")
    static let onboardingWelcome = KitString("onboarding.welcome", "Waterline helps you pace and drink less by adding water breaks.")
    static let onboardingGuardrail = KitString("onboarding.guardrail", "This is a pacing tool. It does not estimate intoxication or guarantee how you'll feel tomorrow.")
    static let onboardingNotifications = KitString("onboarding.notifications", "Waterline sends gentle reminders to drink water during your session. Allow notifications to get pacing nudges.")

    // MARK: Errors the screens show
    static let errorNoActiveSession = KitString("error.noActiveSession", "There is no active session. Start one first.")
    static let errorUnknownSession = KitString("error.unknownSession", "No session with id %@.")
    static let errorUnknownLog = KitString("error.unknownLog", "No log entry with id %@.")
    static let errorUnknownPreset = KitString("error.unknownPreset", "No preset with id %@.")
    static let errorLogOutsideSession = KitString("error.logOutsideSession", "A log entry's time must fall between the session's start and its end (or now).")
    static let errorSessionRunning = KitString("error.sessionRunning", "This session is still running. End it first, then it can be deleted.")
    static let errorInvalid = KitString("error.invalid", "Invalid value: %@.")
    static let validationCheck = KitString("validation.check", "Please check %@.")
    static let fieldName = KitString("field.name", "the name")
    static let fieldSize = KitString("field.sizeOz", "the size")
    static let fieldABV = KitString("field.abv", "the alcohol content")
    static let fieldEstimate = KitString("field.standardDrinkEstimate", "the standard-drink estimate")
    static let fieldAmount = KitString("field.amountOz", "the amount of water")
    static let fieldTime = KitString("field.timestamp", "the time")
    static let fieldWaterEvery = KitString("field.waterEveryNDrinks", "how often water comes (every 1 to 20 drinks)")
    static let fieldThreshold = KitString("field.warningThreshold", "the warning level (1 to 20)")
    static let fieldInterval = KitString("field.timeReminderIntervalMinutes", "the reminder interval (10, 15, 20, 30, 45 or 60 min)")
    static let fieldDefaultWater = KitString("field.defaultWaterAmountOz", "the default glass of water")
    static let fieldOther = KitString("field.other", "this value")

    // MARK: Sync
    static let syncSynced = KitString("sync.synced", "Synced")
    static let syncSyncing = KitString("sync.syncing", "Syncing")
    static let syncOffline = KitString("sync.offline", "Offline")
    static let syncOfflinePending = KitString("sync.offlinePending", one: "Offline, %lld change saved on this device", other: "Offline, %lld changes saved on this device")
    static let syncSignIn = KitString("sync.signIn", "Sign in to sync")
    static let syncAccountChoice = KitString("sync.accountChoice", "Choose what happens to this iPhone's data")

    // MARK: The watch
    static let watchNoSession = KitString("watch.noSession", "No session is running on your iPhone, so this wasn't logged.")
    static let watchUnknownPreset = KitString("watch.unknownPreset", "That drink is no longer one of your presets. Pick another.")
    static let watchOutsideSession = KitString("watch.outsideSession", "Your watch's time differs from your iPhone's, so this wasn't logged.")
    static let watchRefused = KitString("watch.refused", "Your iPhone couldn't log this. Please try again.")

    // MARK: Widgets
    static let widgetNoSession = KitString("widget.noSession", "No Session")
    static let widgetHeadline = KitString("widget.headline", "Waterline %@")
    static let widgetCounts = KitString("widget.counts", "Drinks %lld · Water %lld")
    static let widgetLastSession = KitString("widget.lastSession", "Last session: %@ · %@ · %@")
    static let widgetAddDrink = KitString("widget.addDrink", "+ Drink")
    static let widgetAddWater = KitString("widget.addWater", "+ Water")

    /// Every text above, for the catalog's coverage test.
    public static let all: [KitString] = [
        reminderDiscreetTitle, reminderDiscreetBody, reminderTimeTitle, reminderTimeBody, reminderPerDrinkBody,
        reminderWarningTitle, reminderWarningBody, reminderCounts, actionLogWater, actionRemindLater, actionDismiss,
        atCenter, aboveCenter, belowCenter, minutes, hoursMinutes, waterDueNow, waterDueIn, drinkCount, waterCount,
        beer, wine, liquor, cocktail, logDrink, logWater, presetChip, presetChipAccessibility,
        sizePint, sizeGlass, sizeLargeGlass, sizeShot, sizeDouble, sizeStandard, sizeStrong, waterAmount,
        intentWaterLogged, intentDrinkLogged, intentAlreadyRunning, intentStarted, intentEnded, intentEndedCounts, intentNoSession,
        abandonedMessage, endNow, keepGoing, gaugeLabel, gaugeWarning, summaryRange, chartSummary, notificationsDisabled,
        deleteSignedIn, deleteSignedOut, homeEmpty, messageOffline, messageGeneric, accountChoice, historyTitle,
        historyTitleCounts, undoWater, undoDrink, onboardingWelcome, onboardingGuardrail, onboardingNotifications,
        errorNoActiveSession, errorUnknownSession, errorUnknownLog, errorUnknownPreset, errorLogOutsideSession,
        errorSessionRunning, errorInvalid, validationCheck, fieldName, fieldSize, fieldABV, fieldEstimate, fieldAmount,
        fieldTime, fieldWaterEvery, fieldThreshold, fieldInterval, fieldDefaultWater, fieldOther,
        syncSynced, syncSyncing, syncOffline, syncOfflinePending, syncSignIn, syncAccountChoice,
        watchNoSession, watchUnknownPreset, watchOutsideSession, watchRefused,
        widgetNoSession, widgetHeadline, widgetCounts, widgetLastSession, widgetAddDrink, widgetAddWater,
    ]
}
