import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// "+ Drink": pick a type and size, then, when the drink was not quite that, its size, ABV or
/// time as it was (`DrinkPickerModel`), and log it. A usual strength or "15 min ago" is one tap.
struct DrinkPickerView: View {
    @State var model: DrinkPickerModel
    let logged: (DrinkPickerModel) -> Void
    @Environment(\.dismiss) private var dismiss
    @Environment(\.calendar) private var calendar

    var body: some View {
        NavigationStack {
            Form {
                Picker("Type", selection: Binding(get: { model.drinkType }, set: { model.typeChosen($0) })) {
                    ForEach(DrinkType.allCases, id: \.self) { Text(verbatim: $0.displayName).tag($0) }
                }
                .pickerStyle(.segmented)
                Picker("Size", selection: Binding(get: { model.size }, set: { model.sizeChosen($0) })) {
                    ForEach(model.sizes) { Text(verbatim: $0.title(in: model.units)).tag($0) }
                }
                .pickerStyle(.inline)
                DrinkMeasuresSection(measures: model.measures) { Text("As it was") }
                Section("When") {
                    ChoiceChips(model.timeChoices(now: Date()), chosen: model.timeChoice, title: \.title) { model.timeChosen($0, now: Date()) }
                        .accessibilityLabel(Text("When"))
                    DatePicker("Time", selection: time, in: model.window.range, displayedComponents: timeComponents)
                }
            }
            .navigationTitle("Add a Drink")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Log") {
                        logged(model)
                        dismiss()
                    }
                }
            }
        }
        .presentationDetents([.medium, .large])
    }

    /// The date too when the session crosses midnight.
    private var timeComponents: DatePickerComponents {
        model.window.spansDays(in: calendar) ? [.date, .hourAndMinute] : [.hourAndMinute]
    }

    /// Now until the person picks a time; a time picked by hour and minute lands in the session.
    private var time: Binding<Date> {
        Binding(get: { model.shownTime(now: Date()) }, set: { model.timePicked($0) })
    }
}
