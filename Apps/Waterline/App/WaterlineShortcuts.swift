import AppIntents

/// The phrases Siri and Spotlight offer.
struct WaterlineShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: LogWaterIntent(), phrases: ["Log water in \(.applicationName)"], shortTitle: "Log Water", systemImageName: "drop.fill")
        AppShortcut(intent: LogDrinkIntent(), phrases: ["Log a drink in \(.applicationName)"], shortTitle: "Log Drink", systemImageName: "wineglass")
        AppShortcut(intent: StartSessionIntent(), phrases: ["Start a night out in \(.applicationName)"], shortTitle: "Start Session", systemImageName: "play.circle")
        AppShortcut(intent: EndSessionIntent(), phrases: ["End my session in \(.applicationName)"], shortTitle: "End Session", systemImageName: "stop.circle")
        AppShortcut(intent: PlanNightIntent(), phrases: ["Plan my night in \(.applicationName)"], shortTitle: "Plan Tonight", systemImageName: "list.number")
        AppShortcut(intent: WaterlineStatusIntent(), phrases: ["How's my \(.applicationName)"], shortTitle: "Check Waterline", systemImageName: "gauge.with.needle")
        AppShortcut(intent: NextWaterIntent(), phrases: ["When is my next water in \(.applicationName)"], shortTitle: "Next Water", systemImageName: "drop")
    }
}
