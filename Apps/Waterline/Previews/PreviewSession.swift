#if DEBUG
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineStorage
import WaterlineSystem

/// Sessions for `#Preview`s: a runtime over an in-memory store (with no system surfaces), filled
/// through the same one door the app uses, so a preview shows what a real session would.
@MainActor
enum PreviewSession {
    /// A runtime whose store holds `sessions` ended sessions; the last one reaches the warning when `warning`.
    static func runtime(sessions: Int, warning: Bool = false) async -> AppRuntime {
        let clock = PreviewClock(start: Date(timeIntervalSince1970: 1_795_291_200))
        let runtime = AppRuntime(service: SessionService(store: InMemorySessionStore(), now: { clock.now }), platform: .headless(now: { clock.now }))
        _ = try? await runtime.send(.prepare(UserSettings(warningThreshold: 2)))
        for day in 0..<sessions {
            _ = try? await runtime.send(.startSession)
            for index in 0..<(warning && day == sessions - 1 ? 4 : 3) {
                clock.advance(minutes: 25)
                _ = try? await runtime.send(index == 1 ? .logWater(source: .phone) : .logDrink(.quick, source: .phone))
            }
            clock.advance(minutes: 40)
            _ = try? await runtime.send(.endSession())
            clock.advance(minutes: 24 * 60)
        }
        return runtime
    }

    /// A clock the preview moves by hand.
    final class PreviewClock: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Date

        init(start: Date) { current = start }

        var now: Date { lock.withLock { current } }

        func advance(minutes: Double) { lock.withLock { current = current.addingTimeInterval(minutes * 60) } }
    }
}

/// Loads a screen model asynchronously for a preview.
struct PreviewLoader<Model, Content: View>: View {
    let load: @MainActor () async -> Model?
    @ViewBuilder let content: (Model) -> Content
    @State private var model: Model?

    var body: some View {
        Group {
            if let model { content(model) } else { ProgressView() }
        }
        .task { model = await load() }
    }
}

#Preview("Summary, ended") {
    PreviewLoader { () async -> SummaryModel? in
        let runtime = await PreviewSession.runtime(sessions: 1)
        guard let update = try? await runtime.reader.recentSessions(limit: 1).first, let settings = try? await runtime.reader.currentState().settings else { return nil }
        return SummaryModel(update: update, settings: settings, isEditable: false, actions: runtime)
    } content: { model in
        NavigationStack { SummaryView(model: model) }
    }
}

#Preview("Summary, a session that reached the warning, dark") {
    PreviewLoader { () async -> SummaryModel? in
        let runtime = await PreviewSession.runtime(sessions: 1, warning: true)
        guard let update = try? await runtime.reader.recentSessions(limit: 1).first, let settings = try? await runtime.reader.currentState().settings else { return nil }
        return SummaryModel(update: update, settings: settings, isEditable: true, actions: runtime)
    } content: { model in
        NavigationStack { SummaryView(model: model) }
    }
    .preferredColorScheme(.dark)
}

#Preview("History, empty") {
    PreviewLoader { () async -> HistoryModel? in
        HistoryModel(actions: await PreviewSession.runtime(sessions: 0))
    } content: { model in
        NavigationStack { HistoryView(model: model) }
    }
}

#Preview("History, three sessions, largest text") {
    PreviewLoader { () async -> HistoryModel? in
        HistoryModel(actions: await PreviewSession.runtime(sessions: 3))
    } content: { model in
        NavigationStack { HistoryView(model: model) }
    }
    .environment(\.dynamicTypeSize, .accessibility3)
}
#endif
