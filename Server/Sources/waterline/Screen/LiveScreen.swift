import Foundation
import WaterlineAPI
import WaterlineCore
import WaterlineRuntime
import WaterlineStorage
import WaterlineSync

/// Draws the live screen for a frame: the terminal twin of the app's Active Session screen.
/// Pure text, so it is tested without a terminal; the loop only writes these lines.
enum LiveScreen {
    /// How many recent logs are listed when there is room.
    static let recentLogs = 5

    static func render(_ frame: LiveFrame, width: Int, height: Int) -> [String] {
        let body = frame.update.map { session(frame, $0) } ?? noSession(frame)
        let footer = footer(frame)
        var lines = body.top
        // The logs take what room is left; the footer always stays on screen.
        let room = max(0, height - lines.count - footer.count - (body.logs.isEmpty ? 0 : 1))
        if !body.logs.isEmpty, room > 0 {
            lines.append("Recent")
            lines += body.logs.prefix(room)
        }
        lines = Array(lines.prefix(max(0, height - footer.count))) + footer
        return lines.map { fit($0, width: width) }
    }

    private struct Body {
        var top: [String]
        var logs: [String]
    }

    private static func session(_ frame: LiveFrame, _ update: SessionSnapshot) -> Body {
        let state = update.state
        let units = frame.settings.units
        var top = [header("Waterline \(WaterlineFormat.signedValue(state.waterlineValue)) · \(WaterlineFormat.position(state.waterlineValue))", frame.now)]
        top += Gauge.render(value: state.waterlineValue, threshold: frame.settings.warningThreshold)
        let elapsed = WaterlineFormat.duration(max(0, frame.now.timeIntervalSince(update.session.startTime)))
        top.append("Drinks \(state.totalAlcoholCount) (\(WaterlineFormat.value(state.totalStandardDrinks)) std) · Water \(state.totalWaterCount) · since \(Output.clock(update.session.startTime)) (\(elapsed))")
        top.append(WaterlineFormat.waterDue(inDrinks: update.drinksUntilWaterDue))
        if let next = update.reminders.nextReminderDate {
            top.append("Next reminder \(Output.clock(next)) · in \(countdown(from: frame.now, to: next))")
        } else {
            top.append(frame.settings.timeRemindersEnabled ? "Next reminder: none (quiet for 90 minutes)" : "Time reminders are off")
        }
        if state.isWarning { top.append("Drink water to return to center") }
        if let reminder = frame.reminder {
            let line = reminder.content.detailBody.split(separator: "\n").first.map(String.init) ?? ""
            top.append("⏰ \(Output.clock(reminder.fireDate)) \(reminder.content.detailTitle) — \(line)  (w logs water)")
        }
        let logs = update.logs.suffix(recentLogs).reversed().map { "  \(Output.clock($0.timestamp))  \(LogDescription.title(for: $0, units: units))" }
        return Body(top: top, logs: Array(logs))
    }

    private static func noSession(_ frame: LiveFrame) -> Body {
        var top = [header("Waterline · no session running", frame.now)]
        if let summary = frame.lastSummary {
            top.append("Last session: Drinks \(summary.totalAlcoholCount) · Water \(summary.totalWaterCount) · Waterline at the end \(WaterlineFormat.signedValue(summary.finalWaterline))")
        } else {
            top.append("No sessions yet. When you head out, start one here.")
        }
        return Body(top: top, logs: [])
    }

    private static func footer(_ frame: LiveFrame) -> [String] {
        var lines: [String] = []
        if let message = frame.message { lines.append(message) }
        switch frame.mode {
        case .pickingPreset:
            let choices = frame.presets.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element.name) (\(WaterlineFormat.value($0.element.standardDrinkEstimate)) std)" }
            lines.append(choices.joined(separator: "  "))
            lines.append("Press a number to log it, Esc to go back")
        case .confirmingEnd:
            lines.append("End this session? y ends it, n keeps going")
        case .main:
            lines.append(frame.update == nil ? "s start a session  q quit" : "d drink  w water  u undo  e end  q quit")
        }
        return lines
    }

    private static func header(_ title: String, _ now: Date) -> String {
        "\(title)   \(Output.clock(now))"
    }

    /// "12:05" (minutes and seconds), or "1:02:05" past an hour.
    static func countdown(from now: Date, to date: Date) -> String {
        let total = max(0, Int(date.timeIntervalSince(now).rounded(.up)))
        let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60)
        let tail = String(format: "%02d:%02d", minutes, seconds)
        return hours > 0 ? "\(hours):\(tail)" : tail
    }

    /// Cut to the terminal's width (counted in characters).
    private static func fit(_ line: String, width: Int) -> String {
        line.count <= width ? line : String(line.prefix(max(0, width - 1))) + "…"
    }
}
