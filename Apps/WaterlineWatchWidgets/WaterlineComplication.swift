import SwiftUI
import WaterlineCore
import WaterlineDesign
import WidgetKit

/// The watch face complication and the Smart Stack's widget (the same families serve both; the
/// stack orders them by each entry's relevance): the Waterline as the watch's own store has it, drawn by the kit's
/// `WidgetPresentation` (as on the Lock Screen: counts unless the person hides them, no drink
/// words in discreet mode); every family shows the gauge. A tap opens the app.
@main
struct WaterlineComplication: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterlineComplication", provider: SnapshotProvider()) { entry in
            ComplicationView(snapshot: entry.snapshot)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(entry.snapshot.isActive ? DeepLink.activeSession.url : DeepLink.home.url)
        }
        .configurationDisplayName("Waterline")
        .description("Your Waterline during a night out.")
        .supportedFamilies([.accessoryCircular, .accessoryCorner, .accessoryInline, .accessoryRectangular])
    }
}

/// One entry, with how high the Smart Stack puts it: at the top while a session runs and water is
/// needed, high while one runs, out of the way otherwise (`WidgetRelevance`).
struct ComplicationEntry: TimelineEntry {
    var date: Date
    var snapshot: WidgetSnapshot
    var relevance: TimelineEntryRelevance?
}

/// Reads the snapshot the watch app writes after every change (`ComplicationSnapshot`): no store,
/// no runtime, nothing written from here.
struct SnapshotProvider: TimelineProvider {
    func placeholder(in context: Context) -> ComplicationEntry {
        ComplicationEntry(date: Date(), snapshot: .noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ComplicationEntry) -> Void) {
        completion(current())
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ComplicationEntry>) -> Void) {
        let now = current()
        // Moves on at each planned reminder by itself; the watch app reloads when what it shows changed.
        let entries = now.snapshot.relevantTimeline(from: now.date).map {
            ComplicationEntry(date: $0.date, snapshot: $0.snapshot, relevance: TimelineEntryRelevance(score: $0.relevance.score, duration: $0.relevance.duration))
        }
        completion(Timeline(entries: entries, policy: entries.count > 1 ? .atEnd : .never))
    }

    private func current() -> ComplicationEntry {
        // The face speaks the wearer's language, as the app does.
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        let snapshot = ComplicationSnapshot.load() ?? .noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: Date())
        return ComplicationEntry(date: Date(), snapshot: snapshot)
    }
}

struct ComplicationView: View {
    let snapshot: WidgetSnapshot
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let shown = WidgetPresentation(snapshot: snapshot, family: kind)
        let gauge = shown.gauge ?? GaugeDisplay(value: 0, threshold: snapshot.warningThreshold, isWarning: false)
        let level = AccessoryGauges.level(gauge, isActive: shown.isActive)
        switch family {
        case .accessoryInline:
            Text(verbatim: shown.headline)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: Metrics.spacingXXXS) {
                Text(verbatim: shown.headline).font(.headline)
                level.gaugeStyle(.accessoryLinearCapacity).tint(Palette.level(isWarning: gauge.isWarning))
                if let counts = shown.countsLine { Text(verbatim: counts).font(.caption) }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: [shown.headline, shown.countsLine].compactMap { $0 }.joined(separator: ", ")))
        case .accessoryCorner:
            Text(verbatim: shown.isActive ? gauge.valueText : "–")
                .widgetLabel { level.tint(Palette.level(isWarning: gauge.isWarning)) }
                .accessibilityLabel(Text(verbatim: shown.headline))
        default:
            level.gaugeStyle(.accessoryCircularCapacity).tint(Palette.level(isWarning: gauge.isWarning))
                .accessibilityLabel(Text(verbatim: shown.headline))
        }
    }

    private var kind: WidgetFamilyKind {
        switch family {
        case .accessoryRectangular: .accessoryRectangular
        case .accessoryCorner: .accessoryCorner
        case .accessoryInline: .accessoryInline
        default: .accessoryCircular
        }
    }
}
