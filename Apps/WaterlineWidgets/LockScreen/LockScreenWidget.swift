import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// The Lock Screen: a simplified Waterline, the counts (unless hidden), quick logs.
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
                AccessoryGauges.lockScreen(gauge)
                    .gaugeStyle(.accessoryCircular)
                .accessibilityLabel(gauge.accessibilityLabel)
            } else {
                Image(systemName: "drop").accessibilityLabel("No Session")
            }
        default:
            // Three lines fit the rectangular family: the headline beside a small gauge, the
            // counts, the buttons (the countdown lives in the Live Activity and the app).
            VStack(alignment: .leading, spacing: Metrics.spacingXXXS) {
                HStack(spacing: Metrics.spacingXXS) {
                    if let gauge = presentation.gauge {
                        AccessoryGauges.lockScreenBar(gauge)
                            .accessibilityLabel(gauge.accessibilityLabel)
                    }
                    Text(verbatim: presentation.headline).font(.headline).lineLimit(1).minimumScaleFactor(0.8)
                }
                if let counts = presentation.countsLine {
                    Text(verbatim: counts).font(.caption).lineLimit(1).monospacedDigit()
                }
                if presentation.showsQuickAdd {
                    HStack {
                        Button(intent: LogButtonIntent(.drink, on: .widget)) { Text(verbatim: presentation.drinkButtonTitle) }
                            .accessibilityLabel(Text("Log Drink"))
                        Button(intent: LogButtonIntent(.water, on: .widget)) { Text(verbatim: presentation.waterButtonTitle) }
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
