import SwiftUI
import WidgetKit

/// The widget extension's bundle. The Lock Screen and Home Screen widgets and the Live
/// Activity's presentations land here with the widgets issue.
@main
struct WaterlineWidgetsBundle: WidgetBundle {
    var body: some Widget {
        WaterlinePlaceholderWidget()
    }
}

/// Opens the app; replaced by the real widgets.
struct WaterlinePlaceholderWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterlinePlaceholder", provider: PlaceholderProvider()) { _ in
            Label("Waterline", systemImage: "drop")
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Waterline")
        .supportedFamilies([.systemSmall])
    }
}

struct PlaceholderProvider: TimelineProvider {
    struct Entry: TimelineEntry { var date: Date }

    func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        completion(Timeline(entries: [Entry(date: Date())], policy: .never))
    }
}
