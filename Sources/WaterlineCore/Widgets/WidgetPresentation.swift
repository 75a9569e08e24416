import Foundation

/// What one widget family shows for a snapshot, worded and redacted here so every widget
/// says the same thing: discreet mode keeps counts and drink words off the Lock Screen.
public struct WidgetPresentation: Hashable, Sendable {
    public var isActive: Bool
    /// "Waterline +2.5", "No Session".
    public var headline: String
    /// "Drinks 3 · Water 1"; nil when hidden (discreet Lock Screen) or not shown in this family.
    public var countsLine: String?
    public var gauge: GaugeDisplay?
    /// Drives a countdown (`Text(timerInterval:)`) in the families that show it.
    public var nextReminderDate: Date?
    public var showsQuickAdd: Bool
    public var drinkButtonTitle: String
    public var waterButtonTitle: String
    /// The last three logs, newest first, in the large family.
    public var recentLogs: [String]
    /// "Last night: 4 drinks · 3 water · 2 h 10 min", when no session is active.
    public var lastSessionLine: String?
    public var showsStartSession: Bool

    public init(snapshot: WidgetSnapshot, family: WidgetFamilyKind) {
        let hidesDetail = snapshot.discreet && family.isLockScreen
        isActive = snapshot.isActive
        drinkButtonTitle = hidesDetail ? "+1" : QuickDrinkTitle.button(snapshot.quickDrinkName)
        waterButtonTitle = KitText.string(KitStrings.widgetAddWater)
        guard snapshot.isActive else {
            headline = KitText.string(KitStrings.widgetNoSession)
            countsLine = nil
            gauge = nil
            nextReminderDate = nil
            showsQuickAdd = false
            recentLogs = []
            showsStartSession = !family.isLockScreen
            lastSessionLine = family.isCompact || hidesDetail
                ? nil : snapshot.lastSessionSummary.map(Self.lastSessionLine)
            return
        }
        headline = KitText.string(KitStrings.widgetHeadline, .text(WaterlineFormat.signedValue(snapshot.waterlineValue)))
        gauge = GaugeDisplay(value: snapshot.waterlineValue, threshold: snapshot.warningThreshold, isWarning: snapshot.isWarning)
        countsLine = hidesDetail || family.isCompact
            ? nil : KitText.string(KitStrings.widgetCounts, .int(snapshot.totalAlcoholCount), .int(snapshot.totalWaterCount))
        nextReminderDate = family == .systemSmall || family == .accessoryCircular || family == .accessoryCorner ? nil : snapshot.nextReminderDate
        showsQuickAdd = family == .systemSmall || family == .systemLarge || family == .accessoryRectangular
        recentLogs = family == .systemLarge ? snapshot.recentLogs.map(\.title) : []
        lastSessionLine = nil
        showsStartSession = false
    }

    /// "Last session: 4 drinks · 3 water · 2 h 10 min".
    static func lastSessionLine(_ summary: SessionSummary) -> String {
        KitText.string(
            KitStrings.widgetLastSession, .text(KitText.string(KitStrings.drinkCount, .int(summary.totalAlcoholCount))),
            .text(KitText.string(KitStrings.waterCount, .int(summary.totalWaterCount))), .text(WaterlineFormat.duration(summary.durationSeconds))
        )
    }
}
