/// Every user-facing text of the kit, with its English. `Kit.xcstrings` has each key, in every
/// language of `KitLanguage.supported`; `LocalizationTests` keeps the two in step.
public enum KitStrings {
    // MARK: Reminders
    public static let reminderDiscreetTitle = KitString("reminder.discreet.title", "Time for a break")
    public static let reminderDiscreetBody = KitString("reminder.discreet.body", "A good moment for a glass of water.")
    public static let reminderTimeTitle = KitString("reminder.time.title", "Time for water")
    public static let reminderTimeBody = KitString("reminder.time.body", "A glass of water keeps your evening at your pace.")
    public static let reminderPerDrinkBody = KitString("reminder.perDrink.body", one: "You've had %lld drink — time for water", other: "You've had %lld drinks — time for water")
    public static let reminderWarningTitle = KitString("reminder.warning.title", "Your Waterline is high")
    public static let reminderWarningBody = KitString("reminder.warning.body", "Your Waterline is high — drink water to return to center")
    public static let reminderPlanTitle = KitString("reminder.plan.title", "Tonight's plan")
    public static let reminderPlanBody = KitString(
        "reminder.plan.body",
        one: "You've reached the one drink you planned. Water is a good next step.",
        other: "You've reached the %lld drinks you planned. Water is a good next step."
    )
    public static let reminderPlanDiscreetTitle = KitString("reminder.plan.discreetTitle", "A quick check-in")
    public static let reminderPlanDiscreetBody = KitString("reminder.plan.discreetBody", "You've reached the plan you set for tonight.")
    public static let planProgress = KitString("plan.progress", "%@ of %lld planned")
    public static let planSummary = KitString("plan.summary", "Planned %lld · had %@")
    public static let reminderCounts = KitString("reminder.counts", "Drinks %lld · Water %lld · Waterline %@")
    public static let actionLogWater = KitString("action.logWater", "Log Water")
    public static let actionRemindLater = KitString("action.remindLater", "Remind Me in 10 Min")
    public static let actionDismiss = KitString("action.dismiss", "Dismiss")

    // MARK: Numbers and entries
    public static let atCenter = KitString("format.atCenter", "at center")
    public static let aboveCenter = KitString("format.aboveCenter", "above center")
    public static let belowCenter = KitString("format.belowCenter", "below center")
    public static let minutes = KitString("format.minutes", "%lld min")
    public static let hoursMinutes = KitString("format.hoursMinutes", "%lld h %@ min")
    public static let waterDueNow = KitString("format.waterDueNow", "Water due now")
    public static let waterDueIn = KitString("format.waterDueIn", one: "Water due in: %lld drink", other: "Water due in: %lld drinks")
    public static let drinkCount = KitString("count.drinks", one: "%lld drink", other: "%lld drinks")
    public static let waterCount = KitString("count.waters", one: "%lld water", other: "%lld waters")
    public static let beer = KitString("drink.beer", "Beer")
    public static let wine = KitString("drink.wine", "Wine")
    public static let liquor = KitString("drink.liquor", "Liquor")
    public static let cocktail = KitString("drink.cocktail", "Cocktail")
    public static let logDrink = KitString("log.drink", "%@ · %@ · %@ std")
    public static let logWater = KitString("log.water", "Water · %@")
    /// The drink picker's times at a tap (`LogTimeChoice`).
    public static let timeNow = KitString("time.now", "Now")
    public static let timeMinutesAgo = KitString("time.minutesAgo", "%lld min ago")
    /// The session's "log the last drink again" button.
    public static let sameAgain = KitString("drink.sameAgain", "Same again")
    public static let sameAgainAccessibility = KitString("drink.sameAgain.accessibility", "Same again: %@")
    public static let sizePint = KitString("size.pint", "Pint (%@)")
    public static let sizeGlass = KitString("size.glass", "Glass (%@)")
    public static let sizeLargeGlass = KitString("size.largeGlass", "Large glass (%@)")
    public static let sizeShot = KitString("size.shot", "Shot (%@)")
    public static let sizeDouble = KitString("size.double", "Double (%@)")
    public static let sizeStandard = KitString("size.standard", "Standard")
    public static let sizeStrong = KitString("size.strong", "Strong")
    public static let waterAmount = KitString("settings.waterAmount", "Water: %@")
    public static let presetChip = KitString("preset.chip", "%@ · %@ std")
    public static let presetChipAccessibility = KitString("preset.chip.accessibility", "%@, standard drinks: %@")
    // The five default presets' names as shown while unedited (their records keep the English).
    public static let presetDefaultBeer = KitString("preset.default.beer", "Beer")
    public static let presetDefaultWine = KitString("preset.default.wine", "Glass of Wine")
    public static let presetDefaultShot = KitString("preset.default.shot", "Shot")
    public static let presetDefaultCocktail = KitString("preset.default.cocktail", "Cocktail")
    public static let presetDefaultDouble = KitString("preset.default.double", "Double")
    public static let presetEstimate = KitString("preset.estimate", "%@ std")
    public static let presetQuickDrink = KitString("preset.quickDrink", "The first preset is your quick drink: \"+ Drink\" on widgets, the Live Activity and Siri logs it. Drag to reorder.")
    public static let summaryDrinks = KitString("summary.drinks", "%lld (%@ standard)")

    // MARK: Siri, Shortcuts, widget buttons
    public static let intentWaterLogged = KitString("intent.waterLogged", "Water logged. Waterline %@.")
    public static let intentDrinkLogged = KitString("intent.drinkLogged", "Drink logged. Waterline %@.")
    public static let intentNamedDrinkLogged = KitString("intent.namedDrinkLogged", "%@ logged. Waterline %@.")
    public static let intentAlreadyRunning = KitString("intent.alreadyRunning", "A session is already running.")
    public static let intentStarted = KitString("intent.started", "Session started. Enjoy your evening.")
    public static let intentStartedOpenApp = KitString("intent.startedOpenApp", "Session started. It shows on your Lock Screen once you open Waterline.")
    public static let watchStartedNote = KitString("watch.startedNote", "Your iPhone's Lock Screen shows the session once you open Waterline there.")
    public static let intentEnded = KitString("intent.ended", "Session ended.")
    public static let intentEndedCounts = KitString("intent.endedCounts", "Session ended. %@, %@.")
    public static let intentNoSession = KitString("intent.noSession", "There's no session running. Start one first.")
    public static let intentPlanSet = KitString("intent.planSet", one: "Planned %lld drink for tonight.", other: "Planned %lld drinks for tonight.")
    public static let intentPlanStarted = KitString(
        "intent.planStarted", one: "Session started, with %lld drink planned.", other: "Session started, with %lld drinks planned."
    )

    // MARK: Screens
    public static let abandonedMessage = KitString("prompt.abandoned", one: "Your session has been running for %lld hour. End it?", other: "Your session has been running for %lld hours. End it?")
    public static let endNow = KitString("prompt.endNow", "End Now")
    public static let keepGoing = KitString("prompt.keepGoing", "Keep Going")
    public static let gaugeLabel = KitString("gauge.label", "Waterline %@, %@")
    public static let gaugeWarning = KitString("gauge.warning", "Drink water to return to center")
    public static let gaugeName = KitString("gauge.name", "Waterline")
    public static let gaugePlus = KitString("gauge.plus", "plus %@")
    public static let gaugeMinus = KitString("gauge.minus", "minus %@")
    public static let gaugeAboveThreshold = KitString("gauge.aboveThreshold", "above your threshold")
    public static let gaugeSpoken = KitString("gauge.spoken", "%1$@, %2$@")
    public static let chartTitle = KitString("chart.title", "The Waterline over the session")
    public static let chartTimeAxis = KitString("chart.timeAxis", "Time")
    public static let chartDrinksSeries = KitString("chart.drinksSeries", "Drinks")
    public static let chartWatersSeries = KitString("chart.watersSeries", "Water")

    // MARK: Siri's answers
    public static let siriWaterline = KitString("siri.waterline", "Your Waterline is %@.")
    public static let siriWaterDueNow = KitString("siri.waterDueNow", "It's time for a glass of water.")
    public static let siriWaterAfterDrinks = KitString(
        "siri.waterAfterDrinks", one: "Your next water is after %lld more drink.", other: "Your next water is after %lld more drinks."
    )
    public static let siriReminderIn = KitString("siri.reminderIn", "A reminder comes in %@.")
    public static let siriNoSession = KitString("siri.noNight", "No session is running right now. Start one whenever you like.")
    public static let siriUnreadable = KitString("siri.unreadable", "Waterline can't read your session right now. Try again in a moment.")
    public static let summaryRange = KitString("summary.range", "Ranged from %@ to %@")
    public static let chartSummary = KitString("chart.summary", "%@ and %@; the Waterline peaked at %@ and ended at %@.")
    public static let notificationsDisabled = KitString("settings.notificationsDisabled", "Notifications disabled")
    public static let notificationsAllowed = KitString("settings.notificationsAllowed", "Reminders arrive as notifications")
    public static let notificationsNotAsked = KitString("settings.notificationsNotAsked", "Turn on notifications for reminders while Waterline is closed")
    public static let deleteSignedIn = KitString("settings.deleteSignedIn", "Your sessions, logs, presets and settings are removed from this iPhone and from the server. This cannot be undone.")
    public static let deleteSignedOut = KitString("settings.deleteSignedOut", "You are not signed in, so only this iPhone's sessions, logs, presets and settings are removed; a backup on the server stays until you sign in and delete the account there. This cannot be undone.")
    public static let homeEmpty = KitString("home.empty", "No sessions yet. When you head out, start one here.")
    public static let homeFirstSession = KitString("home.firstNight", "Your first session's summary shows here once it ends.")
    public static let messageOffline = KitString("message.offline", "Waterline could not reach the server. Nothing was lost; please try again when you are online.")
    public static let messageGeneric = KitString("message.generic", "Something went wrong. Your data is safe; please try again.")
    public static let accountChoice = KitString("account.choice", "This iPhone holds sessions from another account. Keep them for the account you signed in with, or start clean with that account's own data?")
    public static let historyTitle = KitString("history.title", "%@ · %@")
    public static let historyTitleCounts = KitString("history.titleCounts", "%@ · %@ · %@, %@")
    public static let undoWater = KitString("undo.water", "Logged water")
    public static let undoDrink = KitString("undo.drink", "Logged %@")
    public static let onboardingWelcome = KitString("onboarding.welcome", "Waterline helps you pace and drink less by adding water breaks.")
    public static let onboardingGuardrail = KitString("onboarding.guardrail", "This is a pacing tool. It does not estimate intoxication or guarantee how you'll feel tomorrow.")
    public static let onboardingNotifications = KitString("onboarding.notifications", "Waterline sends gentle reminders to drink water during your session. Allow notifications to get pacing nudges.")

    // MARK: Errors the screens show
    public static let errorNoActiveSession = KitString("error.noActiveSession", "There is no active session. Start one first.")
    public static let errorUnknownSession = KitString("error.unknownSession", "No session with id %@.")
    public static let errorUnknownLog = KitString("error.unknownLog", "No log entry with id %@.")
    public static let errorUnknownPreset = KitString("error.unknownPreset", "No preset with id %@.")
    public static let errorLogOutsideSession = KitString("error.logOutsideSession", "A log entry's time must fall between the session's start and its end (or now).")
    public static let errorSessionRunning = KitString("error.sessionRunning", "This session is still running. End it first, then it can be deleted.")
    public static let errorInvalid = KitString("error.invalid", "Invalid value: %@.")
    public static let validationCheck = KitString("validation.check", "Please check %@.")
    public static let fieldName = KitString("field.name", "the name")
    public static let fieldSize = KitString("field.sizeOz", "the size")
    public static let fieldABV = KitString("field.abv", "the alcohol content")
    public static let fieldEstimate = KitString("field.standardDrinkEstimate", "the standard-drink estimate")
    public static let fieldAmount = KitString("field.amountOz", "the amount of water")
    public static let fieldTime = KitString("field.timestamp", "the time")
    public static let fieldWaterEvery = KitString("field.waterEveryNDrinks", "how often water comes (every 1 to 99 drinks)")
    public static let fieldThreshold = KitString("field.warningThreshold", "the warning level (1 to 20)")
    public static let fieldInterval = KitString("field.timeReminderIntervalMinutes", "the reminder interval (10, 15, 20, 30, 45 or 60 min)")
    public static let fieldDefaultWater = KitString("field.defaultWaterAmountOz", "the default glass of water")
    public static let fieldOther = KitString("field.other", "this value")

    // MARK: Sync
    public static let syncSynced = KitString("sync.synced", "Synced")
    public static let syncSyncing = KitString("sync.syncing", "Syncing")
    public static let syncOffline = KitString("sync.offline", "Offline")
    public static let syncOfflinePending = KitString("sync.offlinePending", one: "Offline, %lld change saved on this device", other: "Offline, %lld changes saved on this device")
    public static let syncSignIn = KitString("sync.signIn", "Sign in to sync")
    public static let syncAccountChoice = KitString("sync.accountChoice", "Choose what happens to this iPhone's data")
    public static let syncRefused = KitString(
        "sync.refused", one: "%lld change wasn't accepted by your account. It's kept on this iPhone.",
        other: "%lld changes weren't accepted by your account. They're kept on this iPhone."
    )
    public static let syncSetAside = KitString(
        "sync.setAside", one: "%lld change from your account couldn't be read here and was set aside.",
        other: "%lld changes from your account couldn't be read here and were set aside."
    )

    // MARK: The watch
    public static let watchNoSession = KitString("watch.noSession", "No session is running, so this wasn't logged.")
    public static let watchUnknownPreset = KitString("watch.unknownPreset", "That drink is no longer one of your presets. Pick another.")
    public static let watchOutsideSession = KitString("watch.outsideSession", "That time falls outside the session, so this wasn't logged.")
    public static let watchRefused = KitString("watch.refused", "This couldn't be logged. Please try again.")
    public static let syncOff = KitString(
        "sync.off", "This build has no sync server, so Sign in with Apple is not offered. Everything stays on this iPhone. If you run your own server, set it in Advanced › Self-hosting."
    )
    public static let syncOffShort = KitString("sync.offShort", "Off")
    public static let onboardingHealth = KitString(
        "onboarding.health",
        "Waterline can write the water and drinks you log to Apple Health. It reads nothing, and you can turn it off in Settings."
    )
    public static let healthNotAllowed = KitString(
        "health.notAllowed", "Waterline may not write to Health. Allow it in the Health app: Sharing › Apps › Waterline."
    )
    public static let healthDrinksNotAllowed = KitString(
        "health.drinksNotAllowed", "Waterline writes your water to Health. Your drinks are not written: allow Alcoholic Beverages in the Health app, Sharing › Apps › Waterline."
    )
    public static let healthWaterNotAllowed = KitString(
        "health.waterNotAllowed", "Waterline writes your drinks to Health. Your water is not written: allow Water in the Health app, Sharing › Apps › Waterline."
    )
    public static let appleLinkLeft = KitString(
        "account.appleLinkLeft",
        "Your account and data are deleted. Waterline could not end its Sign in with Apple link for you: open Settings, tap your name, then Sign-In & Security › Sign in with Apple, and choose Waterline to stop using it."
    )
    public static let deleteNeedsSignIn = KitString(
        "account.deleteNeedsSignIn",
        "Your sign-in has expired, so your account could not be deleted from the server. Nothing was deleted: sign in again, then delete your account."
    )
    public static let healthNotRemoved = KitString(
        "account.healthNotRemoved",
        "Your account and data are deleted. What Waterline wrote to Health could not be removed: open the Health app, tap your picture, then Apps › Waterline, to delete it there."
    )
    public static let syncServer = KitString("sync.server", "Syncs with %@")
    public static let syncServerInvalid = KitString("sync.serverInvalid", "Enter the server's address, starting with https://")
    public static let countsAsOneStandardDrink = KitString("drink.countsAsOne", "Counts as 1 standard drink")
    public static let countsAsStandardDrinks = KitString("drink.countsAs", "Counts as %@ standard drinks")
    public static let watchNotRunning = KitString("watch.noNight", "No session running")
    public static let watchCounts = KitString("watch.counts", one: "%1$lld drink, %2$lld water", other: "%1$lld drinks, %2$lld water")
    public static let watchUnsent = KitString("watch.unsent", one: "%lld change not on your iPhone yet", other: "%lld changes not on your iPhone yet")

    // MARK: Widgets
    public static let widgetNoSession = KitString("widget.noSession", "No Session")
    public static let widgetHeadline = KitString("widget.headline", "Waterline %@")
    public static let widgetCounts = KitString("widget.counts", "Drinks %lld · Water %lld")
    /// The counts with no drink word, for discreet Lock Screens.
    public static let widgetCountsDiscreet = KitString("widget.counts.discreet", "%lld · Water %lld")
    public static let widgetLastSession = KitString("widget.lastSession", "Last session: %@ · %@ · %@")
    public static let widgetAddDrink = KitString("widget.addDrink", "+ Drink")
    public static let widgetAddNamedDrink = KitString("widget.addNamedDrink", "+ %@")
    public static let widgetAddWater = KitString("widget.addWater", "+ Water")

    /// Every text above, for the catalog's coverage test.
    public static let all: [KitString] = [
        reminderPlanTitle, reminderPlanBody, reminderPlanDiscreetTitle, reminderPlanDiscreetBody, planProgress, planSummary,
        reminderDiscreetTitle, reminderDiscreetBody, reminderTimeTitle, reminderTimeBody, reminderPerDrinkBody,
        reminderWarningTitle, reminderWarningBody, reminderCounts, actionLogWater, actionRemindLater, actionDismiss,
        atCenter, aboveCenter, belowCenter, minutes, hoursMinutes, waterDueNow, waterDueIn, drinkCount, waterCount,
        beer, wine, liquor, cocktail, logDrink, logWater, timeNow, timeMinutesAgo, sameAgain, sameAgainAccessibility, presetChip, presetChipAccessibility,
        presetDefaultBeer, presetDefaultWine, presetDefaultShot, presetDefaultCocktail, presetDefaultDouble,
        sizePint, sizeGlass, sizeLargeGlass, sizeShot, sizeDouble, sizeStandard, sizeStrong, waterAmount,
        intentWaterLogged, intentDrinkLogged, intentNamedDrinkLogged, intentAlreadyRunning, intentStarted, intentStartedOpenApp, watchStartedNote, intentEnded, intentEndedCounts, intentNoSession, intentPlanSet, intentPlanStarted,
        abandonedMessage, endNow, keepGoing, gaugeLabel, gaugeWarning, gaugeName, gaugePlus, gaugeMinus, gaugeAboveThreshold, gaugeSpoken,
        chartTitle, chartTimeAxis, chartDrinksSeries, chartWatersSeries, siriWaterline, siriWaterDueNow, siriWaterAfterDrinks, siriReminderIn, siriNoSession, siriUnreadable, summaryRange, chartSummary, notificationsDisabled,
        presetEstimate, presetQuickDrink, summaryDrinks,
        notificationsAllowed, notificationsNotAsked,
        deleteSignedIn, deleteSignedOut, homeEmpty, homeFirstSession, messageOffline, messageGeneric, accountChoice, historyTitle,
        historyTitleCounts, undoWater, undoDrink, onboardingWelcome, onboardingGuardrail, onboardingNotifications,
        errorNoActiveSession, errorUnknownSession, errorUnknownLog, errorUnknownPreset, errorLogOutsideSession,
        errorSessionRunning, errorInvalid, validationCheck, fieldName, fieldSize, fieldABV, fieldEstimate, fieldAmount,
        fieldTime, fieldWaterEvery, fieldThreshold, fieldInterval, fieldDefaultWater, fieldOther,
        syncSynced, syncSyncing, syncOffline, syncOfflinePending, syncSignIn, syncAccountChoice, syncRefused, syncSetAside,
        watchNoSession, watchUnknownPreset, watchOutsideSession, watchRefused, watchNotRunning, watchCounts, watchUnsent, countsAsOneStandardDrink, countsAsStandardDrinks, syncOff, syncOffShort, onboardingHealth, healthNotAllowed, healthDrinksNotAllowed, healthWaterNotAllowed, appleLinkLeft, deleteNeedsSignIn, healthNotRemoved, syncServer, syncServerInvalid,
        widgetNoSession, widgetHeadline, widgetCounts, widgetCountsDiscreet, widgetLastSession, widgetAddDrink, widgetAddNamedDrink, widgetAddWater,
    ]
}
