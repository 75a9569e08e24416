import SwiftUI
import WaterlineCore
import WidgetKit

/// The watch face complication: the Waterline from the last snapshot the phone sent; a tap opens the app.
@main
struct WaterlineComplication: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterlineComplication", provider: SnapshotProvider()) { entry in
            ComplicationView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(entry.session == nil ? DeepLink.home.url : DeepLink.activeSession.url)
        }
        .configurationDisplayName("Waterline")
        .description("Your Waterline during a night out.")
        .supportedFamilies([.accessoryCircular, .accessoryCorner, .accessoryInline, .accessoryRectangular])
    }
}

struct ComplicationEntry: TimelineEntry {
    var date: Date
    var session: SessionGlance?
    var threshold: Int
}

struct SnapshotProvider: TimelineProvider {
    func placeholder(in context: Context) -> ComplicationEntry {
        Self.empty
    }

    static var empty: ComplicationEntry { ComplicationEntry(date: Date(), session: nil, threshold: UserSettings().warningThreshold) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ComplicationEntry) -> Void) {
        completion(current())
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ComplicationEntry>) -> Void) {
        completion(Timeline(entries: [current()], policy: .never))
    }

    /// The watch app saves every snapshot in the shared defaults and reloads this timeline.
    private func current() -> ComplicationEntry {
        let defaults = UserDefaults(suiteName: "group.com.waterline.app") ?? .standard
        guard let data = defaults.data(forKey: "waterline.watch.snapshot"),
              case .snapshot(let snapshot)? = try? WatchMessage.decodeIfKnown(data)
        else { return Self.empty }
        return ComplicationEntry(date: Date(), session: snapshot.session, threshold: snapshot.warningThreshold)
    }
}

struct ComplicationView: View {
    let entry: ComplicationEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let value = entry.session.map { WaterlineFormat.value($0.waterlineValue) } ?? "–"
        switch family {
        case .accessoryInline:
            Text("Waterline \(value)")
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text("Waterline \(value)").font(.headline)
                if let session = entry.session {
                    Text("Drinks \(session.totalAlcoholCount) · Water \(session.totalWaterCount)")
                } else {
                    Text("No session")
                }
            }
        default:
            Gauge(value: min(max(entry.session?.waterlineValue ?? 0, -Double(entry.threshold + 1)), Double(entry.threshold + 1)),
                  in: -Double(entry.threshold + 1)...Double(entry.threshold + 1)) {
                Image(systemName: "drop")
            } currentValueLabel: {
                Text(value)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        }
    }
}
