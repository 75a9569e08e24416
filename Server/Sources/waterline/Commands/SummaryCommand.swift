import ArgumentParser
import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

struct SummaryCommand: StoreCommand {
    static let configuration = CommandConfiguration(commandName: "summary", abstract: "Summarise a session (the newest by default).")

    @OptionGroup var choice: SessionChoice
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run(on companion: Companion) async throws {
        let (update, settings) = try await choice.session(on: companion)
        let report = SessionReport(update, settings: settings, now: Companion.now())
        if output.json { return try Output.json(report) }
        SummaryCommand.printSummary(report, settings: settings)
    }

    static func printSummary(_ report: SessionReport, settings: UserSettings) {
        let when = "\(Output.day(report.startTime))" + (report.endTime.map { " – \(Output.clock($0))" } ?? " (still running)")
        let summary = report.summary, adherence = summary.adherence
        print("""
            Session \(Output.shortId(report.sessionId))  \(when)
            Duration:   \(WaterlineFormat.duration(summary.durationSeconds))
            Drinks:     \(summary.totalAlcoholCount) (\(WaterlineFormat.value(summary.totalStandardDrinks)) standard)
            Water:      \(summary.totalWaterCount) (\(VolumeConversion.format(ounces: summary.totalWaterOz, in: settings.units)))
            Waterline:  ended at \(WaterlineFormat.signedValue(summary.finalWaterline)), ranged \(WaterlineFormat.signedValue(summary.lowestWaterline)) to \(WaterlineFormat.signedValue(summary.peakWaterline))
            Pacing:     \(adherence.displayText)\(adherence.breaksDue > 0 ? " of water breaks kept (\(adherence.breaksKept) of \(adherence.breaksDue))" : " (no water break was due)")
            """)
        if let plan = report.plan { print("Plan:       \(plan.summaryText)") }
    }
}
