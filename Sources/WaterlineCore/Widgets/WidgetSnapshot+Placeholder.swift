import Foundation

extension WidgetSnapshot {
    /// What the widget gallery and a widget still loading show: a session under way, calm, with
    /// nothing of anyone's real evening in it.
    public static func placeholder(at now: Date) -> WidgetSnapshot {
        WidgetSnapshot(
            isActive: true, sessionId: nil, startTime: now.addingTimeInterval(-90 * 60), waterlineValue: 1, totalAlcoholCount: 2,
            totalWaterCount: 1, isWarning: false, warningThreshold: 3, drinksUntilWaterDue: 1, recentLogs: [],
            nextReminderDate: now.addingTimeInterval(20 * 60), lastSessionSummary: nil, discreet: true, generatedAt: now
        )
    }
}
