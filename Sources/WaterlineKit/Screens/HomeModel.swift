import Foundation
import Observation

/// The Home screen: Start Session and the last five sessions, or the running session with
/// quick logging; and the question about a session left running.
@Observable
@MainActor
public final class HomeModel {
    public static let recentLimit = 5

    public private(set) var active: SessionUpdate?
    public private(set) var recent: [SessionReport] = []
    public private(set) var settings = UserSettings()
    public private(set) var abandonedPrompt: AbandonedSessionPrompt?
    public private(set) var errorMessage: String?
    /// Set when a session starts (or a link asks for it), for the view to open the Active Session screen.
    public private(set) var startedSession: SessionUpdate?

    private let service: SessionService
    private let effects: any SessionEffectHandler
    private let now: @Sendable () -> Date
    /// When the person last chose "Keep Going", kept by the app between launches.
    private var keptGoingAt: Date?

    /// Set when a link asks for a past session's summary, for the view to open it.
    public private(set) var openedPastSessionId: UUID?

    /// - Parameter changes: the runtime's feed; Home refreshes when the store changes anywhere.
    public init(
        service: SessionService, effects: any SessionEffectHandler, keptGoingAt: Date? = nil, changes: StoreChangeFeed? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.service = service
        self.effects = effects
        self.keptGoingAt = keptGoingAt
        self.now = now
        changes?.observe { [weak self] in
            guard let self else { return false }
            await self.appeared()
            return true
        }
    }

    public var gauge: GaugeDisplay? {
        active.map { GaugeDisplay(state: $0.state, settings: settings) }
    }

    /// The empty state's words when there are no past sessions.
    public var emptyStateText: String? {
        recent.isEmpty && active == nil ? KitText.string(KitStrings.homeEmpty) : nil
    }

    public func appeared() async {
        await perform {
            settings = try await service.settings()
            active = try await service.activeSession()
            abandonedPrompt = try await service.abandonedSessionPrompt(keptGoingAt: keptGoingAt)
            var reports: [SessionReport] = []
            for session in try await service.sessions(limit: Self.recentLimit + 1) where !session.isActive {
                reports.append(SessionReport(try await service.session(id: session.id), settings: settings, now: now()))
            }
            recent = Array(reports.prefix(Self.recentLimit))
        }
    }

    public func startSessionButtonTapped() async {
        await perform {
            let started = try await service.startSession()
            await effects.perform(started.effects)
            active = started
            startedSession = started
        }
    }

    public func waterButtonTapped() async {
        await perform {
            let logged = try await service.quickLog(.water, source: .phone)
            await effects.perform(logged.effects)
            active = logged
        }
    }

    public func drinkButtonTapped() async {
        await perform {
            let logged = try await service.quickLog(.alcohol, source: .phone)
            await effects.perform(logged.effects)
            active = logged
        }
    }

    public func endNowTapped() async {
        abandonedPrompt = nil
        await perform {
            let ended = try await service.endSession()
            await effects.perform(ended.effects)
            active = nil
        }
        await appeared()
    }

    /// Returns the time to remember, so the prompt waits another twelve hours.
    @discardableResult
    public func keepGoingTapped() -> Date {
        abandonedPrompt = nil
        let time = now()
        keptGoingAt = time
        return time
    }

    public func navigatedToSession() {
        startedSession = nil
    }

    /// A widget, the complication or a notification asked for a screen.
    public func linkOpened(_ link: DeepLink) async {
        switch link {
        case .home:
            await appeared()
        case .activeSession:
            await appeared()
            // With no session running any more, Home itself is the right screen.
            if let active { startedSession = active }
        case .pastSession(let id):
            openedPastSessionId = id
        }
    }

    public func navigatedToPastSession() {
        openedPastSessionId = nil
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
