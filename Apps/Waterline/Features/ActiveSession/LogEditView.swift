import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Correcting a log: its time (within its session, across midnight too), and its estimate or water
/// amount.
struct LogEditView: View {
    @State var log: LogEntry
    let units: Units
    /// The session's start to its end (or now).
    let window: LogTimeWindow
    let save: (LogEntry) -> Void
    @Environment(\.dismiss) private var dismiss
    @Environment(\.calendar) private var calendar

    var body: some View {
        NavigationStack {
            Form {
                DatePicker("Time", selection: time, in: window.range, displayedComponents: timeComponents)
                if log.type == .alcohol {
                    Stepper(value: estimate, in: 0...10, step: 0.25) {
                        Text(verbatim: StandardDrinkText.countsAs(estimate.wrappedValue))
                    }
                } else {
                    Stepper {
                        Text(verbatim: VolumeConversion.format(ounces: amount.wrappedValue, in: units))
                    } onIncrement: {
                        amount.wrappedValue = VolumeStep.water.next(from: amount.wrappedValue, up: true, units: units)
                    } onDecrement: {
                        amount.wrappedValue = VolumeStep.water.next(from: amount.wrappedValue, up: false, units: units)
                    }
                }
            }
            .navigationTitle("Edit")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        save(log)
                        dismiss()
                    }
                }
            }
        }
    }

    /// The date too when the session crosses midnight.
    private var timeComponents: DatePickerComponents {
        window.spansDays(in: calendar) ? [.date, .hourAndMinute] : [.hourAndMinute]
    }

    /// A time picked by hour and minute lands on the session's day that holds it.
    private var time: Binding<Date> {
        Binding(get: { log.timestamp }, set: { log.timestamp = window.placing($0, in: calendar) })
    }

    private var estimate: Binding<Double> {
        Binding(
            get: { log.alcoholMeta?.standardDrinkEstimate ?? 1 },
            set: { log.alcoholMeta?.standardDrinkEstimate = $0 }
        )
    }

    private var amount: Binding<Double> {
        Binding(get: { log.waterMeta?.amountOz ?? 8 }, set: { log.waterMeta = WaterMeta(amountOz: $0) })
    }
}
