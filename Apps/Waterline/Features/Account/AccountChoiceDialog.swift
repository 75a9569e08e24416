import SwiftUI
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// Asks, when someone signs in as another account than the one whose data this iPhone holds,
/// whether to keep this iPhone's data for the new account or to start clean. Never merged unasked.
struct AccountChoiceDialog: ViewModifier {
    let account: AccountModel

    func body(content: Content) -> some View {
        content.confirmationDialog(
            "Another account's data is on this iPhone",
            isPresented: Binding(get: { account.isChoosingAccountData }, set: { shown in if !shown { account.choiceDeferred() } }),
            titleVisibility: .visible
        ) {
            Button("Keep This iPhone's Data") { Task { await account.choose(.keepThisDevicesData) } }
            Button("Start Clean", role: .destructive) { Task { await account.choose(.startClean) } }
            Button("Decide Later", role: .cancel) { account.choiceDeferred() }
        } message: {
            Text(AccountModel.choiceMessage)
        }
    }
}

extension View {
    func accountChoiceDialog(_ account: AccountModel) -> some View {
        modifier(AccountChoiceDialog(account: account))
    }
}
