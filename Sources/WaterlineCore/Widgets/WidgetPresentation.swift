import Foundation

/// What one widget family shows for a snapshot, worded and redacted here so every widget
/// says the same thing. On the Lock Screen (and the watch face) the Waterline and both counts show
/// by default (US-030); discreet mode changes the words only (no drink words), and "Hide counts on
/// the Lock Screen" takes the numbers away.
public struct WidgetPresentation: Hashable, Sendable {
    public var isActive: Bool
    /// "Waterline +2.5", "No Session".
    public var headline: String
    /// "Drinks 3 · Water 1" ("3 · Water 1" discreet on the Lock Screen); nil when counts are hidden
    /// there or this family has no room.
    public var countsLine: String?
    public var gauge: GaugeDisplay?
    /// Drives a countdown (`Text(timerInterval:)`) in the families that show it (the Home Screen's
    /// medium and large: the rectangular Lock Screen widget has room for gauge, headline, counts
    /// and buttons only).
    public var nextReminderDate: Date?
    public var showsQuickAdd: Bool
    public var drinkButtonTitle: String
    public var waterButtonTitle: String
    /// The last three logs, newest first, in the large family.
    public var recentLogs: [String]
    /// "Last session: 4 drinks · 3 water · 2 h 10 min", when no session is active.
    public var lastSessionLine: String?
    public var showsStartSession: Bool
    /// "2 of 4 planned" on the Home Screen's medium and large; nil with no plan.
    public var planLine: String?

    public init(snapshot: WidgetSnapshot, family: WidgetFamilyKind) {
        let discreetWords = snapshot.discreet && family.isLockScreen
        let hidesCounts = (snapshot.hidesCounts ?? false) && family.isLockScreen
        isActive = snapshot.isActive
        drinkButtonTitle = discreetWords ? "+1" : QuickDrinkTitle.button(snapshot.quickDrinkName)
        waterButtonTitle = KitText.string(KitStrings.widgetAddWater)
        planLine = nil
        guard snapshot.isActive else {
            headline = KitText.string(KitStrings.widgetNoSession)
            countsLine = nil
            gauge = nil
            nextReminderDate = nil
            showsQuickAdd = false
            recentLogs = []
            showsStartSession = !family.isLockScreen
            // "4 drinks · 3 water": drink words and counts both.
            lastSessionLine = family.isCompact || discreetWords || hidesCounts
                ? nil : snapshot.lastSessionSummary.map(Self.lastSessionLine)
            return
        }
        headline = KitText.string(KitStrings.widgetHeadline, .text(WaterlineFormat.signedValue(snapshot.waterlineValue)))
        gauge = GaugeDisplay(value: snapshot.waterlineValue, threshold: snapshot.warningThreshold, isWarning: snapshot.isWarning)
        countsLine = hidesCounts || family.isCompact
            ? nil : Self.countsLine(drinks: snapshot.totalAlcoholCount, waters: snapshot.totalWaterCount, discreet: discreetWords)
        nextReminderDate = family == .systemMedium || family == .systemLarge ? snapshot.nextReminderDate : nil
        showsQuickAdd = family == .systemSmall || family == .systemLarge || family == .accessoryRectangular
        recentLogs = family == .systemLarge ? snapshot.recentLogs.map(\.title) : []
        lastSessionLine = nil
        showsStartSession = false
        if !hidesCounts, family == .systemMedium || family == .systemLarge {
            planLine = PlanProgress(planned: snapshot.plannedDrinks, had: snapshot.standardDrinks ?? 0)?.text
        }
    }

    /// "Drinks 3 · Water 1", or "3 · Water 1" with no drink word.
    static func countsLine(drinks: Int, waters: Int, discreet: Bool) -> String {
        discreet
            ? KitText.string(KitStrings.widgetCountsDiscreet, .int(drinks), .int(waters))
            : KitText.string(KitStrings.widgetCounts, .int(drinks), .int(waters))
    }

    /// "Last session: 4 drinks · 3 water · 2 h 10 min".
    static func lastSessionLine(_ summary: SessionSummary) -> String {
        KitText.string(
            KitStrings.widgetLastSession, .text(KitText.string(KitStrings.drinkCount, .int(summary.totalAlcoholCount))),
            .text(KitText.string(KitStrings.waterCount, .int(summary.totalWaterCount))), .text(WaterlineFormat.duration(summary.durationSeconds))
        )
    }
}
