#if canImport(SwiftUI) && os(iOS)
import SwiftUI

/// A row of values offered at a tap (the usual strengths, "Now / 15 min ago"), the chosen one
/// filled; it scrolls sideways when the text is large.
public struct ChoiceChips<Value: Hashable>: View {
    let values: [Value]
    let chosen: Value?
    let title: (Value) -> String
    let choose: (Value) -> Void

    public init(_ values: [Value], chosen: Value?, title: @escaping (Value) -> String, choose: @escaping (Value) -> Void) {
        self.values = values
        self.chosen = chosen
        self.title = title
        self.choose = choose
    }

    public var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: Metrics.spacingXS) {
                ForEach(values, id: \.self) { value in
                    chip(value)
                }
            }
        }
    }

    @ViewBuilder private func chip(_ value: Value) -> some View {
        let button = Button(title(value)) { choose(value) }
            .frame(minHeight: Metrics.tapTarget)
            .accessibilityAddTraits(value == chosen ? .isSelected : [])
        if value == chosen {
            button.buttonStyle(.borderedProminent).tint(Palette.calm)
        } else {
            button.buttonStyle(.bordered).tint(Palette.calm)
        }
    }
}
#endif
