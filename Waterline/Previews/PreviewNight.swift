#if DEBUG
import SwiftUI
import WaterlineKit

/// Nights for `#Preview`s: a service over an in-memory store, filled through the same service
/// the app uses, so a preview shows what a real night would.
enum PreviewNight {
    struct NoEffects: SessionEffectHandler {
        func perform(_ effects: [SessionEffect]) async {}
    }

    /// A service whose store holds `nights` ended nights; the last one reaches the warning when `warning`.
    static func service(nights: Int, warning: Bool = false) async -> SessionService {
        let clock = PreviewClock(start: Date(timeIntervalSince1970: 1_795_291_200))
        let service = SessionService(store: InMemorySessionStore(), now: { clock.now })
        _ = try? await service.prepare(settings: UserSettings(warningThreshold: 2))
        for night in 0..<nights {
            _ = try? await service.startSession()
            for index in 0..<(warning && night == nights - 1 ? 4 : 3) {
                clock.advance(minutes: 25)
                _ = try? await service.quickLog(index == 1 ? .water : .alcohol, source: .phone)
            }
            clock.advance(minutes: 40)
            _ = try? await service.endSession()
            clock.advance(minutes: 24 * 60)
        }
        return service
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
        let service = await PreviewNight.service(nights: 1)
        guard let session = try? await service.history(after: nil, limit: 1).first,
              let update = try? await service.session(id: session.id), let settings = try? await service.settings() else { return nil }
        return SummaryModel(update: update, settings: settings, isEditable: false, service: service, effects: PreviewNight.NoEffects())
    } content: { model in
        NavigationStack { SummaryView(model: model) }
    }
}

#Preview("Summary, a night that reached the warning, dark") {
    PreviewLoader { () async -> SummaryModel? in
        let service = await PreviewNight.service(nights: 1, warning: true)
        guard let session = try? await service.history(after: nil, limit: 1).first,
              let update = try? await service.session(id: session.id), let settings = try? await service.settings() else { return nil }
        return SummaryModel(update: update, settings: settings, isEditable: true, service: service, effects: PreviewNight.NoEffects())
    } content: { model in
        NavigationStack { SummaryView(model: model) }
    }
    .preferredColorScheme(.dark)
}

#Preview("History, empty") {
    PreviewLoader { () async -> HistoryModel? in
        HistoryModel(service: await PreviewNight.service(nights: 0))
    } content: { model in
        NavigationStack { HistoryView(model: model) }
    }
}

#Preview("History, three nights, largest text") {
    PreviewLoader { () async -> HistoryModel? in
        HistoryModel(service: await PreviewNight.service(nights: 3))
    } content: { model in
        NavigationStack { HistoryView(model: model) }
    }
    .environment(\.dynamicTypeSize, .accessibility3)
}
#endif
