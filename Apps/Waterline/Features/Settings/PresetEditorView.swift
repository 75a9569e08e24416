import SwiftUI
import WaterlineCore
import WaterlineScreens

/// Adding or editing a preset: name and type, then size, ABV and its standard-drink value in the
/// form the drink picker has too (`DrinkMeasuresSection`).
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
            DrinkMeasuresSection(measures: model.measures) { EmptyView() }
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
            id: UUID(), userId: UUID(), name: model.name, drinkType: model.drinkType, sizeOz: model.measures.sizeOz,
            standardDrinkEstimate: model.measures.estimate, updatedAt: Date()
        )
        preset.abv = model.measures.abv
        return preset
    }
}
