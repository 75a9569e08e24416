import ActivityKit
import AppIntents
import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineSystem
import WidgetKit

/// The Live Activity on the Lock Screen and in the Dynamic Island: the Waterline, counts, the
/// countdown to the next reminder ("Time for water" once it fell due: the activity goes stale
/// then), and "+ Beer" / "+ Water" that run in the app's process. An ended session shows its
/// totals, without buttons, until the system removes it. Every word is the kit's
/// `LiveActivityPresentation`: counts unless hidden, no drink words in discreet mode.
struct WaterlineLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: WaterlineActivityAttributes.self) { context in
            LiveActivityLockScreenView(state: context.state, isStale: context.isStale)
                .padding()
                .activityBackgroundTint(Palette.liveActivityBackdrop)
                .widgetURL(DeepLink.activeSession.url)
        } dynamicIsland: { context in
            let state = context.state
            let shown = LiveActivityPresentation(glance: state)
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text(verbatim: state.waterlineText)
                        .font(.title.bold())
                        .foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
                        .accessibilityLabel(GaugeDisplay(value: state.waterlineValue, threshold: 0, isWarning: state.isWarning).accessibilityLabel)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    VStack(alignment: .trailing) {
                        if let counts = shown.countsLine { Text(verbatim: counts).font(.caption) }
                        if let plan = shown.planLine { Text(verbatim: plan).font(.caption2) }
                    }
                }
                DynamicIslandExpandedRegion(.center) {
                    SessionClocks(state: state, isStale: context.isStale)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    if !state.isEnded { LiveActivityButtons(state: state) }
                }
            } compactLeading: {
                Text(verbatim: state.waterlineText).foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
                    .accessibilityLabel(Text(verbatim: shown.compactAccessibilityLabel))
            } compactTrailing: {
                // Counts hidden: the drop alone.
                if let counts = shown.compactCounts {
                    Text(verbatim: counts).monospacedDigit().accessibilityHidden(true)
                } else {
                    Image(systemName: "drop").accessibilityHidden(true)
                }
            } minimal: {
                Text(verbatim: state.waterlineText).foregroundStyle(state.isWarning ? Palette.warning : Palette.calm)
            }
            .widgetURL(DeepLink.activeSession.url)
        }
    }
}

struct LiveActivityLockScreenView: View {
    let state: SessionGlance
    let isStale: Bool

    var body: some View {
        let shown = LiveActivityPresentation(glance: state)
        VStack(alignment: .leading, spacing: Metrics.spacingXS) {
            HStack {
                Text(verbatim: shown.headline).font(.headline)
                    .foregroundStyle(Palette.liveActivityHeadline(isWarning: state.isWarning))
                Spacer()
                SessionClocks(state: state, isStale: isStale)
            }
            if let counts = shown.countsLine { Text(verbatim: counts).font(.subheadline) }
            if let plan = shown.planLine { Text(verbatim: plan).font(.caption) }
            if state.isEnded {
                Text("Session ended").font(.caption)
            } else {
                if let warning = shown.warningLine { Text(verbatim: warning).font(.caption) }
                LiveActivityButtons(state: state)
            }
        }
    }
}

/// The session's elapsed time (counting up from its start) beside the countdown to the next reminder.
struct SessionClocks: View {
    let state: SessionGlance
    let isStale: Bool

    var body: some View {
        // An ended session's clocks would keep counting: none then.
        if !state.isEnded { clocks }
    }

    private var clocks: some View {
        HStack(spacing: Metrics.spacingXS) {
            Label {
                Text(timerInterval: state.startTime...Date.distantFuture, countsDown: false).monospacedDigit()
            } icon: {
                Image(systemName: "clock").accessibilityLabel(Text("Out for"))
            }
            if LiveActivityTiming.isReminderDue(state, isStale: isStale) {
                Label("Time for water", systemImage: "drop")
            } else if let next = state.nextReminderDate {
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

/// "+ Beer" (the quick drink, named) and "+ Water".
struct LiveActivityButtons: View {
    let state: SessionGlance

    var body: some View {
        let shown = LiveActivityPresentation(glance: state)
        HStack {
            Button(intent: LogButtonIntent(.drink, on: .liveActivity)) { Label(shown.drinkButtonTitle, systemImage: shown.drinkButtonSymbol) }
            Button(intent: LogButtonIntent(.water, on: .liveActivity)) { Label(shown.waterButtonTitle, systemImage: "drop.fill") }
                .tint(Palette.calm)
        }
        .font(.caption.bold())
    }
}
