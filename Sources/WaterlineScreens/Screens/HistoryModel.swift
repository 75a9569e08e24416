import Foundation
import Observation
import WaterlineCore

/// History: every past session, newest first, read a page at a time as the list scrolls; each
/// opens its summary; one or all can be shared as CSV or JSON (the command line's formats); a
/// past session can be deleted (it syncs as tombstones).
@Observable
@MainActor
public final class HistoryModel {
    public private(set) var sessions: [Session] = []
    public private(set) var hasMore = true
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?

    public static let pageSize = 25
    @ObservationIgnored private let actions: any SessionActions

    /// The list reads its first page again whenever past sessions change anywhere.
    public init(actions: any SessionActions) {
        self.actions = actions
        actions.screenUpdates.observe { [weak self] change in
            guard let self else { return false }
            if change.pastSessionsChanged { await self.reload() }
            return true
        }
    }

    /// The list appeared (or the store changed): the first page again.
    public func reload() async {
        sessions = []
        hasMore = true
        await loadMore()
    }

    /// The last row appeared: the next page, if there is one.
    public func loadMore() async {
        guard hasMore, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        await attempt {
            let page = try await actions.reader.history(after: sessions.last.map(HistoryCursor.init(after:)), limit: Self.pageSize)
            sessions += page
            hasMore = page.count == Self.pageSize
        }
    }

    /// Whether `session` is the row that should ask for the next page when it appears.
    public func isLastLoaded(_ session: Session) -> Bool { session.id == sessions.last?.id }

    public func delete(_ session: Session) async {
        await attempt {
            try await actions.send(.deletePastSession(id: session.id))
            sessions.removeAll { $0.id == session.id }
        }
    }

    /// The summary of one row.
    public func update(for session: Session) async throws -> SessionSnapshot {
        try await actions.reader.session(id: session.id)
    }

    /// "Sat 21 Nov · 3 h 10 min · 4 drinks, 3 waters"
    public func title(for session: Session) -> String {
        let date = session.startTime.formatted(.dateTime.weekday(.abbreviated).day().month(.abbreviated))
        let duration = WaterlineFormat.duration(session.duration(now: actions.reader.now()))
        guard let summary = session.computedSummary else { return KitText.string(KitStrings.historyTitle, .text(date), .text(duration)) }
        return KitText.string(
            KitStrings.historyTitleCounts, .text(date), .text(duration),
            .text(KitText.string(KitStrings.drinkCount, .int(summary.totalAlcoholCount))),
            .text(KitText.string(KitStrings.waterCount, .int(summary.totalWaterCount)))
        )
    }

    /// One session's export, as a file's contents.
    public func export(_ session: Session, as format: ExportFormat) async throws -> Data {
        try SessionExport.file(try await actions.reader.session(id: session.id), settings: try await actions.reader.currentState().settings, as: format, now: actions.reader.now())
    }

    /// Every past session's export (all pages, not only those loaded), newest first.
    public func exportAll(as format: ExportFormat) async throws -> Data {
        var updates: [SessionSnapshot] = []
        var cursor: HistoryCursor?
        while true {
            let page = try await actions.reader.history(after: cursor, limit: 200)
            for session in page { updates.append(try await actions.reader.session(id: session.id)) }
            guard page.count == 200, let last = page.last else { break }
            cursor = HistoryCursor(after: last)
        }
        return try SessionExport.file(all: updates, settings: try await actions.reader.currentState().settings, as: format, now: actions.reader.now())
    }

    private func attempt(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
