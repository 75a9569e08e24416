import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// The Home Screen: small (Waterline + quick add), medium (+ counts and countdown),
/// large (+ the last three logs); with no session, Start Session and the last summary.
struct HomeScreenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterlineHomeScreen", provider: SnapshotProvider()) { entry in
            HomeScreenView(entry: entry)
                .widgetURL(DeepLink.forWidget(entry.snapshot).url)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Waterline")
        .description("Your night out: the Waterline, counts and quick logging.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

struct HomeScreenView: View {
    let entry: SnapshotEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let presentation = WidgetPresentation(snapshot: entry.snapshot, family: family.kind)
        VStack(alignment: .leading, spacing: Metrics.spacingXS) {
            HStack {
                Text(verbatim: presentation.headline)
                    .font(.headline)
                    .foregroundStyle(Palette.widgetHeadline(isWarning: presentation.gauge?.isWarning == true))
                Spacer()
                if let next = presentation.nextReminderDate {
                    Text(timerInterval: Date()...max(next, Date()), countsDown: true)
                        .font(.caption).monospacedDigit().foregroundStyle(.secondary)
                }
            }
            if let gauge = presentation.gauge {
                BalanceBar(gauge: gauge)
            }
            if let counts = presentation.countsLine { Text(verbatim: counts).font(.subheadline) }
            if let plan = presentation.planLine { Text(verbatim: plan).font(.caption) }
            ForEach(presentation.recentLogs, id: \.self) { line in
                Text(verbatim: line).font(.caption).foregroundStyle(.secondary)
            }
            if let last = presentation.lastSessionLine {
                Text(verbatim: last).font(.caption).foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            if presentation.showsQuickAdd {
                HStack {
                    Button(intent: LogButtonIntent(.drink, on: .widget)) { Label(presentation.drinkButtonTitle, systemImage: "wineglass") }
                    Button(intent: LogButtonIntent(.water, on: .widget)) { Label(presentation.waterButtonTitle, systemImage: "drop.fill") }
                        .tint(Palette.calm)
                }
                .labelStyle(.titleOnly)
                .font(.caption.bold())
            } else if presentation.showsStartSession {
                Button(intent: StartSessionIntent()) { Label("Start Session", systemImage: "play.circle") }
                    .font(.caption.bold())
            }
        }
    }
}
