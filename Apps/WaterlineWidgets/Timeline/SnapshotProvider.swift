import Foundation
import WaterlineCore
import WaterlineData
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// One timeline entry: the kit's snapshot, read from the shared store, and how high a Smart
/// Stack (StandBy's, the Home Screen's) puts it (`WidgetRelevance`).
struct SnapshotEntry: TimelineEntry {
    var date: Date
    var snapshot: WidgetSnapshot
    var relevance: TimelineEntryRelevance?
}

/// Reads `WidgetSnapshot` from the App Group store; the app reloads timelines when what they show
/// changed, and the timeline moves on at each planned reminder by itself (`timeline(from:)`).
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
            let now = await Self.current()
            // An entry as each planned reminder falls due, so "Next reminder" moves on without a
            // reload; WidgetKit asks again after the last (a session with none asks nothing). While
            // the session is logged in, it reloads by itself every quarter hour, reading the store:
            // what the app left to that reload shows then (`WidgetSelfReload`).
            let entries = now.snapshot.relevantTimeline(from: now.date).map {
                SnapshotEntry(date: $0.date, snapshot: $0.snapshot, relevance: TimelineEntryRelevance(score: $0.relevance.score, duration: $0.relevance.duration))
            }
            let policy: TimelineReloadPolicy = if let reload = WidgetSelfReload.date(for: now.snapshot) {
                .after(reload)
            } else {
                entries.count > 1 ? .atEnd : .never
            }
            completion(Timeline(entries: entries, policy: policy))
        }
    }

    /// Read straight from the shared store (`WidgetSnapshotReader`): no runtime or service is
    /// built in the widget extension, and nothing is written.
    static func current() async -> SnapshotEntry {
        KitLanguage.use(preferredLanguages: Bundle.main.preferredLocalizations, locale: .autoupdatingCurrent)
        var snapshot: WidgetSnapshot?
        if let container = try? WaterlineContainer.make() {
            snapshot = try? await WidgetSnapshotReader(store: SwiftDataSessionStore(modelContainer: container), focus: FocusFilterStore.load()).snapshot()
        }
        return SnapshotEntry(
            date: Date(), snapshot: snapshot ?? .noSession(lastSessionSummary: nil, settings: UserSettings(), generatedAt: Date())
        )
    }
}
