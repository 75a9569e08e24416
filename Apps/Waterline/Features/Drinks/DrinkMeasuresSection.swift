import SwiftUI
import WaterlineDesign
import WaterlineScreens

/// Size, ABV and what the drink counts as: the one form the drink picker and the preset editor
/// share (`DrinkMeasures`). The size steps in the person's units, a usual strength is one tap, the
/// ABV may be "not known", and the estimate follows size and ABV until stepped by hand.
struct DrinkMeasuresSection<Header: View>: View {
    let measures: DrinkMeasures
    @ViewBuilder let header: () -> Header

    var body: some View {
        Section {
            Stepper {
                LabeledContent("Size", value: measures.sizeText)
            } onIncrement: {
                measures.sizeStepped(up: true)
            } onDecrement: {
                measures.sizeStepped(up: false)
            }
            Stepper {
                LabeledContent("ABV", value: measures.abvText ?? String(localized: "Not known"))
            } onIncrement: {
                measures.abvStepped(up: true)
            } onDecrement: {
                measures.abvStepped(up: false)
            }
            ChoiceChips(measures.strengthChoices, chosen: measures.abv, title: DrinkMeasures.percentText) { measures.strengthChosen($0) }
                .accessibilityLabel(Text("Usual strengths"))
            if measures.abvText != nil {
                Button("ABV not known") { measures.abvCleared() }
            }
            Stepper {
                Text(verbatim: measures.estimateText)
            } onIncrement: {
                measures.estimateStepped(up: true)
            } onDecrement: {
                measures.estimateStepped(up: false)
            }
            if !measures.estimateFollowsABV, measures.abvText != nil {
                Button("Use the estimate from size and ABV") { measures.estimateFromABVTapped() }
            }
        } header: {
            header()
        }
    }
}
