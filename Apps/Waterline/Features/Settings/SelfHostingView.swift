import SwiftUI
import WaterlineScreens

/// Settings › Advanced › Self-hosting: the sync server's address, for people who run their own
/// (the Convex functions or the Swift server). Most people never open it: the build's server,
/// when it has one, is already set.
struct SelfHostingView: View {
    @Bindable var model: SettingsModel

    var body: some View {
        Form {
            Section {
                TextField("https://your-deployment.convex.cloud", text: $model.serverAddress)
                    .textContentType(.URL)
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                Button("Use This Server") { model.serverAddressSubmitted() }
                Button("Use the App's Server") { model.serverAddressReset() }
            } header: {
                Text("Sync Server")
            } footer: {
                Text(verbatim: model.serverMessage ?? model.syncServerStatus)
            }
        }
        .navigationTitle("Self-hosting")
    }
}
