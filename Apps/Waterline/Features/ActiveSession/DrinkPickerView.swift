import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// "+ Drink": pick a type and size, see (and adjust) its standard-drink estimate, confirm.
struct DrinkPickerView: View {
    /// The person's units: sizes read in them.
    let units: Units
    let picked: (DrinkSize, Double?) -> Void
    @Environment(\.dismiss) private var dismiss
    @State private var type: DrinkType = .beer
    @State private var size: DrinkSize = DrinkCatalog.sizes[0]
    @State private var estimate: Double = DrinkCatalog.sizes[0].standardDrinkEstimate

    var body: some View {
        NavigationStack {
            Form {
                Picker("Type", selection: $type) {
                    ForEach(DrinkType.allCases, id: \.self) { Text(verbatim: $0.displayName).tag($0) }
                }
                .pickerStyle(.segmented)
                Picker("Size", selection: $size) {
                    ForEach(DrinkCatalog.sizes(for: type)) { Text(verbatim: $0.title(in: units)).tag($0) }
                }
                .pickerStyle(.inline)
                Stepper(value: $estimate, in: 0...10, step: 0.25) {
                    Text(verbatim: StandardDrinkText.countsAs(estimate))
                }
            }
            .navigationTitle("Add a Drink")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Log") {
                        picked(size, estimate == size.standardDrinkEstimate ? nil : estimate)
                        dismiss()
                    }
                }
            }
            .onChange(of: type) { _, newType in
                size = DrinkCatalog.sizes(for: newType)[0]
            }
            .onChange(of: size) { _, newSize in
                estimate = newSize.standardDrinkEstimate
            }
        }
        .presentationDetents([.medium, .large])
    }
}
