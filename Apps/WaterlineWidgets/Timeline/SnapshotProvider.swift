import Foundation
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// One timeline entry: the kit's snapshot, read from the shared store.
struct SnapshotEntry: TimelineEntry {
    var date: Date
    var snapshot: WidgetSnapshot
}

/// Reads `WidgetSnapshot` from the App Group store; the app reloads timelines after every change.
struct SnapshotProvider: TimelineProvider {
    func placeholder(in context: Context) -> SnapshotEntry {
        SnapshotEntry(date: Date(), snapshot: .placeholder(at: Date()))
    }

    // WidgetKit declares both completions `@Sendable`: they are called from the task below.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (SnapshotEntry) -> Void) {
        if context.isPreview { return completion(placeholder(in: context)) }
        Task { completion(await Self.current()) }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<SnapshotEntry>) -> Void) {
        Task {
            let entry = await Self.current()
            // Refresh at the next reminder (its countdown ends), or in a while to age the gauge's times.
            let refresh = entry.snapshot.nextReminderDate ?? Date().addingTimeInterval(30 * 60)
            completion(Timeline(entries: [entry], policy: .after(refresh)))
        }
    }

    /// Read straight from the shared store (`WidgetSnapshotReader`): no runtime or service is
    /// built in the widget extension, and nothing is written.
    static func current() async -> SnapshotEntry {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        var snapshot: WidgetSnapshot?
        if let container = try? WaterlineContainer.make() {
            snapshot = try? await WidgetSnapshotReader(store: SwiftDataSessionStore(modelContainer: container)).snapshot()
        }
        return SnapshotEntry(
            date: Date(), snapshot: snapshot ?? .noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: Date())
        )
    }
}
