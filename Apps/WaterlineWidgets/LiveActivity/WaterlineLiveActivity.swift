import ActivityKit
import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// The Live Activity on the Lock Screen and in the Dynamic Island: the Waterline, counts, the
/// countdown to the next reminder, and "+ Drink" / "+ Water" that run in the app's process.
struct WaterlineLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: WaterlineActivityAttributes.self) { context in
            LiveActivityLockScreenView(state: context.state)
                .padding()
                .activityBackgroundTint(Color.black.opacity(0.6))
                .widgetURL(DeepLink.activeSession.url)
        } dynamicIsland: { context in
            let state = context.state
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text(verbatim: state.waterlineText)
                        .font(.title.bold())
                        .foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
                        .accessibilityLabel(GaugeDisplay(value: state.waterlineValue, threshold: 0, isWarning: state.isWarning).accessibilityLabel)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("Drinks \(state.totalAlcoholCount) · Water \(state.totalWaterCount)").font(.caption)
                }
                DynamicIslandExpandedRegion(.center) {
                    SessionClocks(state: state)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    LiveActivityButtons()
                }
            } compactLeading: {
                Text(verbatim: state.waterlineText).foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
            } compactTrailing: {
                Text("\(state.totalAlcoholCount)·\(state.totalWaterCount)").monospacedDigit()
            } minimal: {
                Text(verbatim: state.waterlineText).foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
            }
            .widgetURL(DeepLink.activeSession.url)
        }
    }
}

struct LiveActivityLockScreenView: View {
    let state: SessionGlance

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("Waterline \(state.waterlineText)").font(.headline)
                    .foregroundStyle(state.isWarning ? Palette.warning : Color.white)
                Spacer()
                SessionClocks(state: state)
            }
            Text("Drinks \(state.totalAlcoholCount) · Water \(state.totalWaterCount)").font(.subheadline)
            if state.isWarning { Text("Drink water to return to center").font(.caption) }
            LiveActivityButtons()
        }
    }
}

/// The night's elapsed time (counting up from its start) beside the countdown to the next reminder.
struct SessionClocks: View {
    let state: SessionGlance

    var body: some View {
        HStack(spacing: 8) {
            Label {
                Text(timerInterval: state.startTime...Date.distantFuture, countsDown: false).monospacedDigit()
            } icon: {
                Image(systemName: "clock").accessibilityLabel(Text("Out for"))
            }
            if let next = state.nextReminderDate {
                Label {
                    Text(timerInterval: Date()...max(next, Date()), countsDown: true).monospacedDigit()
                } icon: {
                    Image(systemName: "drop").accessibilityLabel(Text("Water reminder in"))
                }
            }
        }
        .font(.caption)
        .accessibilityElement(children: .combine)
    }
}

struct LiveActivityButtons: View {
    var body: some View {
        HStack {
            Button(intent: LogDrinkIntent(surface: .liveActivity)) { Label("+ Drink", systemImage: "wineglass") }
            Button(intent: LogWaterIntent(surface: .liveActivity)) { Label("+ Water", systemImage: "drop.fill") }
                .tint(Palette.calm)
        }
        .font(.caption.bold())
    }
}
