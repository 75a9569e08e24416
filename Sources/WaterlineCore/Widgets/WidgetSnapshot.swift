import Foundation

/// Everything a Lock Screen or Home Screen widget draws, read from the App Group store.
public struct WidgetSnapshot: Codable, Hashable, Sendable {
    public static let recentLogLimit = 3

    public var isActive: Bool
    public var sessionId: UUID?
    public var startTime: Date?
    public var waterlineValue: Double
    public var totalAlcoholCount: Int
    public var totalWaterCount: Int
    public var isWarning: Bool
    public var warningThreshold: Int
    public var drinksUntilWaterDue: Int
    /// Newest first, at most three.
    public var recentLogs: [WidgetLogLine]
    public var nextReminderDate: Date?
    /// Every planned reminder from `nextReminderDate` on (at most the planner's ten), so the
    /// widget's timeline moves on at each without a reload (`timeline(from:)`). Nil from a snapshot
    /// written before it was kept.
    public var reminderDates: [Date]?
    public var lastSessionSummary: SessionSummary?
    /// Lock Screen widgets say no drink words when this is on (their counts stay).
    public var discreet: Bool
    /// "Hide counts on the Lock Screen": Lock Screen widgets show no counts. Nil from a snapshot
    /// written before the setting existed (counts shown).
    public var hidesCounts: Bool?
    /// The running session's plan and the standard drinks had; nil plan: none made.
    public var plannedDrinks: Int?
    public var standardDrinks: Double?
    public var generatedAt: Date
    /// The preset "+ Drink" logs (`DeviceState.quickDrink`), for the button to name it.
    public var quickDrinkName: String?
    /// When the running session goes quiet and what it then shows as the last session (`QuietSession`):
    /// the timeline turns to "No Session" then by itself.
    public var quiet: QuietSession?

    public init(
        isActive: Bool, sessionId: UUID?, startTime: Date?, waterlineValue: Double, totalAlcoholCount: Int,
        totalWaterCount: Int, isWarning: Bool, warningThreshold: Int, drinksUntilWaterDue: Int, recentLogs: [WidgetLogLine],
        nextReminderDate: Date?, lastSessionSummary: SessionSummary?, discreet: Bool, generatedAt: Date, quickDrinkName: String? = nil,
        reminderDates: [Date]? = nil, hidesCounts: Bool = false
    ) {
        self.isActive = isActive
        self.sessionId = sessionId
        self.startTime = startTime
        self.waterlineValue = waterlineValue
        self.totalAlcoholCount = totalAlcoholCount
        self.totalWaterCount = totalWaterCount
        self.isWarning = isWarning
        self.warningThreshold = warningThreshold
        self.drinksUntilWaterDue = drinksUntilWaterDue
        self.recentLogs = recentLogs
        self.nextReminderDate = nextReminderDate
        self.lastSessionSummary = lastSessionSummary
        self.discreet = discreet
        self.hidesCounts = hidesCounts
        self.generatedAt = generatedAt
        self.quickDrinkName = quickDrinkName
        self.reminderDates = reminderDates
    }

    /// The snapshot of a running session.
    public init(
        session update: SessionSnapshot, lastSessionSummary: SessionSummary?, settings: UserSettings, quickDrink: DrinkPreset?, generatedAt: Date
    ) {
        self.init(
            isActive: update.session.isActive, sessionId: update.session.id, startTime: update.session.startTime,
            waterlineValue: update.state.waterlineValue, totalAlcoholCount: update.state.totalAlcoholCount,
            totalWaterCount: update.state.totalWaterCount, isWarning: update.state.isWarning,
            warningThreshold: settings.warningThreshold, drinksUntilWaterDue: update.drinksUntilWaterDue,
            recentLogs: update.logs.suffix(Self.recentLogLimit).reversed().map { WidgetLogLine(log: $0, units: settings.units) },
            nextReminderDate: update.reminders.nextReminderDate, lastSessionSummary: lastSessionSummary,
            discreet: settings.discreetNotifications, generatedAt: generatedAt, quickDrinkName: quickDrink?.shownName,
            reminderDates: update.reminders.requests.map(\.fireDate), hidesCounts: settings.hideLockScreenCounts
        )
        plannedDrinks = update.session.plannedDrinks
        standardDrinks = update.state.totalStandardDrinks
        quiet = QuietSession(update, settings: settings)
    }

    /// The "No Session" snapshot, with the last session's summary when there is one.
    /// What widgets and complications draw of `state` (the running session, or none), as the
    /// runtime's change feed hands it over: the watch's complication reads this.
    public init(state: DeviceState, lastSessionSummary: SessionSummary? = nil, generatedAt: Date) {
        // As the surfaces show the settings: a Focus filter's discretion included.
        let settings = state.shownSettings
        if let quiet = state.quietSession(at: generatedAt) {
            // Gone quiet: no session, the session as it stood at its last log as the last one.
            self = .noSession(lastSessionSummary: quiet.summary, settings: settings, generatedAt: generatedAt)
        } else if let snapshot = state.active {
            self.init(session: snapshot, lastSessionSummary: lastSessionSummary, settings: settings, quickDrink: state.quickDrink, generatedAt: generatedAt)
        } else {
            self = .noSession(lastSessionSummary: lastSessionSummary, settings: settings, generatedAt: generatedAt)
        }
    }

    public static func noSession(lastSessionSummary: SessionSummary?, settings: UserSettings, generatedAt: Date) -> WidgetSnapshot {
        WidgetSnapshot(
            isActive: false, sessionId: nil, startTime: nil, waterlineValue: 0, totalAlcoholCount: 0, totalWaterCount: 0,
            isWarning: false, warningThreshold: settings.warningThreshold, drinksUntilWaterDue: settings.waterEveryNDrinks, recentLogs: [], nextReminderDate: nil,
            lastSessionSummary: lastSessionSummary, discreet: settings.discreetNotifications, generatedAt: generatedAt,
            hidesCounts: settings.hideLockScreenCounts
        )
    }
}
