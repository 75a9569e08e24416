import SwiftUI
import WaterlineCore
import WaterlineScreens

/// Adding or editing a preset: name, type, size, optional ABV, and its standard-drink value
/// (`PresetEditorModel`: the ABV may stay unknown, and the estimate follows size and ABV until set
/// by hand).
struct PresetEditorView: View {
    let preset: DrinkPreset?
    /// The person's units: the size reads and steps in them (it is kept in ounces).
    let units: Units
    let save: (DrinkPreset) -> Void
    @Environment(\.dismiss) private var dismiss
    @State private var model: PresetEditorModel

    init(preset: DrinkPreset?, units: Units, save: @escaping (DrinkPreset) -> Void) {
        self.preset = preset
        self.units = units
        self.save = save
        _model = State(initialValue: PresetEditorModel(editing: preset, units: units))
    }

    var body: some View {
        Form {
            TextField("Name", text: $model.name)
            Picker("Type", selection: $model.drinkType) {
                ForEach(DrinkType.allCases, id: \.self) { Text(verbatim: $0.displayName).tag($0) }
            }
            Stepper {
                Text("Size \(model.sizeText)")
            } onIncrement: {
                model.sizeStepped(up: true)
            } onDecrement: {
                model.sizeStepped(up: false)
            }
            Stepper {
                if let abv = model.abvText { Text("ABV \(abv)") } else { Text("ABV not known") }
            } onIncrement: {
                model.abvStepped(up: true)
            } onDecrement: {
                model.abvStepped(up: false)
            }
            if model.abvText != nil {
                Button("ABV not known") { model.abvCleared() }
            }
            Stepper {
                Text(verbatim: model.estimateText)
            } onIncrement: {
                model.estimateStepped(up: true)
            } onDecrement: {
                model.estimateStepped(up: false)
            }
            if !model.estimateFollowsABV, model.abvText != nil {
                Button("Use the estimate from size and ABV") { model.estimateFromABVTapped() }
            }
        }
        .navigationTitle(model.isNew ? "New Preset" : "Edit Preset")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") {
                    save(model.editedPreset() ?? newPreset)
                    dismiss()
                }
                .disabled(!model.canSave)
            }
        }
    }

    /// A new preset as the editor holds it; the service gives it its id, owner and place.
    private var newPreset: DrinkPreset {
        var preset = DrinkPreset(
            id: UUID(), userId: UUID(), name: model.name, drinkType: model.drinkType, sizeOz: model.sizeOz,
            standardDrinkEstimate: model.estimate, updatedAt: Date()
        )
        preset.abv = model.abv
        return preset
    }
}
