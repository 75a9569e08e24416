import SwiftUI
import WaterlineCore
import WaterlineDesign
import WaterlineRuntime
import WaterlineScreens
import WaterlineSystem

/// The quiet cloud in the corner: synced, syncing, offline with changes kept, or signed out.
/// When sync waits for the person (signed out, a sign-in ending soon, another account's data)
/// a tap offers Sign in with Apple or the account choice.
struct SyncIndicator: View {
    @Environment(SyncStatusModel.self) private var sync
    @Environment(AppEnvironment.self) private var environment
    @State private var signingIn = false

    var body: some View {
        // With no server set, sync is off and there is nothing to show or offer.
        if environment.backend.backendURL != nil { indicator }
    }

    private var indicator: some View {
        Button {
            Task {
                switch await environment.account.indicatorTapped(status: sync.status) {
                case .signIn: signingIn = true
                case .chooseAccountData, .none: break
                }
            }
        } label: {
            Image(systemName: sync.symbolName)
                .foregroundStyle(.secondary)
                .imageScale(.small)
        }
        .buttonStyle(.plain)
        .accessibilityLabel(sync.accessibilityLabel)
        .accessibilityHint(sync.status.needsSignIn ? Text("Opens Sign in with Apple") : Text(""))
        .sheet(isPresented: $signingIn) {
            VStack(spacing: Metrics.spacingM) {
                Text("Sign in to keep your sessions backed up. Everything logged meanwhile stays on this iPhone.")
                    .multilineTextAlignment(.center)
                AccountSignInButton(account: environment.account) { signingIn = false }
                if let error = environment.account.errorMessage {
                    Text(verbatim: error).foregroundStyle(Palette.warning).font(.footnote)
                }
            }
            .padding()
            .presentationDetents([.medium])
        }
    }
}
