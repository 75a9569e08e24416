import Foundation
import Observation
import WaterlineCore

/// The Summary screen after ending (editable) and a past session's summary (read-only).
@Observable
@MainActor
public final class SummaryModel {
    public private(set) var update: SessionSnapshot
    public private(set) var settings: UserSettings
    public let isEditable: Bool
    public private(set) var errorMessage: String?

    @ObservationIgnored private let actions: any SessionActions

    public init(update: SessionSnapshot, settings: UserSettings, isEditable: Bool, actions: any SessionActions) {
        self.update = update
        self.settings = settings
        self.isEditable = isEditable
        self.actions = actions
    }

    public var report: SessionReport {
        SessionReport(update, settings: settings, now: update.session.endTime ?? update.session.startTime)
    }

    public var durationText: String { WaterlineFormat.duration(report.summary.durationSeconds) }
    /// "Planned 4 · had 5"; nil when the session had no plan.
    public var planText: String? { report.plan?.summaryText }
    /// "3 (3.5 standard)", in the person's language.
    public var drinksText: String {
        let summary = report.summary
        return KitText.string(KitStrings.summaryDrinks, .int(summary.totalAlcoholCount), .text(WaterlineFormat.value(summary.totalStandardDrinks)))
    }
    public var adherenceText: String { report.summary.adherence.displayText }
    public var waterVolumeText: String { VolumeConversion.format(ounces: report.summary.totalWaterOz, in: settings.units) }
    /// "Ranged from −1 to +3".
    public var rangeText: String {
        let summary = report.summary
        return KitText.string(KitStrings.summaryRange, .text(WaterlineFormat.signedValue(summary.lowestWaterline)), .text(WaterlineFormat.signedValue(summary.peakWaterline)))
    }

    /// The session as a chart (ending at the session's end; a summary is of an ended session).
    public var chart: WaterlineChart {
        WaterlineChart(session: update.session, logs: update.logs, settings: settings, now: update.session.endTime ?? update.session.startTime)
    }

    /// This session's export, in the command line's CSV or JSON.
    public func export(as format: ExportFormat) throws -> Data {
        try SessionExport.file(update, settings: settings, as: format, now: update.session.endTime ?? update.session.startTime)
    }

    /// The export's file name: "waterline-2026-11-21.csv".
    public func exportFileName(_ format: ExportFormat) -> String {
        let day = update.session.startTime.formatted(.iso8601.year().month().day())
        return "waterline-\(day).\(format.fileExtension)"
    }

    /// Chronological, as the spec asks of the summary's timeline.
    public var timeline: [LogEntry] { update.logs }

    public func title(for log: LogEntry) -> String { LogDescription.title(for: log, units: settings.units) }

    /// Where an edited log's time may go: within this session.
    public var editWindow: LogTimeWindow { LogTimeWindow(session: update.session, now: actions.reader.now()) }

    public func logSwipedToDelete(_ log: LogEntry) async {
        guard isEditable else { return }
        await apply(.deleteLog(id: log.id))
    }

    public func logEdited(_ log: LogEntry) async {
        guard isEditable else { return }
        await apply(.editLog(log))
    }

    public func errorDismissed() {
        errorMessage = nil
    }

    private func apply(_ action: SessionAction) async {
        do {
            if let snapshot = try await actions.send(action).session { update = snapshot }
            errorMessage = nil
        } catch {
            errorMessage = ScreenMessage.describe(error)
        }
    }
}
