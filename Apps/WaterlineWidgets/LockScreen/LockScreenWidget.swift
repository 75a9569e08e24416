import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// The Lock Screen: a simplified Waterline, counts (unless discreet), the next reminder, quick logs.
struct LockScreenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterlineLockScreen", provider: SnapshotProvider()) { entry in
            LockScreenView(entry: entry)
                .widgetURL(DeepLink.forWidget(entry.snapshot).url)
                .containerBackground(.clear, for: .widget)
        }
        .configurationDisplayName("Waterline")
        .description("Your Waterline at a glance, with quick logging.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline])
    }
}

struct LockScreenView: View {
    let entry: SnapshotEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let presentation = WidgetPresentation(snapshot: entry.snapshot, family: family.kind)
        switch family {
        case .accessoryInline:
            Text(verbatim: presentation.headline)
        case .accessoryCircular:
            if let gauge = presentation.gauge {
                Gauge(value: gauge.fraction(span: gauge.span)) {
                    Image(systemName: "drop")
                } currentValueLabel: {
                    Text(verbatim: gauge.valueText)
                }
                .gaugeStyle(.accessoryCircular)
                .accessibilityLabel(gauge.accessibilityLabel)
            } else {
                Image(systemName: "drop").accessibilityLabel("No Session")
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: presentation.headline).font(.headline)
                if let counts = presentation.countsLine { Text(verbatim: counts).font(.caption) }
                if let next = presentation.nextReminderDate {
                    Text(timerInterval: Date()...max(next, Date()), countsDown: true).font(.caption).monospacedDigit()
                }
                if presentation.showsQuickAdd {
                    HStack {
                        Button(intent: LogDrinkButtonIntent(surface: .widget)) { Text(verbatim: presentation.drinkButtonTitle) }
                            .accessibilityLabel(Text("Log Drink"))
                        Button(intent: LogWaterButtonIntent(surface: .widget)) { Text(verbatim: presentation.waterButtonTitle) }
                            .accessibilityLabel(Text("Log Water"))
                    }
                    .font(.caption)
                }
            }
        }
    }
}

extension WidgetFamily {
    /// The kit's name for this family.
    var kind: WidgetFamilyKind {
        switch self {
        case .accessoryRectangular: .accessoryRectangular
        case .accessoryCircular: .accessoryCircular
        case .accessoryInline: .accessoryInline
        case .systemMedium: .systemMedium
        case .systemLarge, .systemExtraLarge: .systemLarge
        default: .systemSmall
        }
    }
}
