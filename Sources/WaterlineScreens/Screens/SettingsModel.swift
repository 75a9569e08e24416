import Foundation
import Observation
import WaterlineCore

/// Settings: every change is validated and saved at once through the one door (which re-plans a
/// running session, tells the watch and widgets, and syncs); presets; the account.
@Observable
@MainActor
public final class SettingsModel {
    public private(set) var settings = UserSettings()
    public private(set) var presets: [DrinkPreset] = []
    public private(set) var errorMessage: String?
    /// What the person allowed; nil until the screen has looked.
    public private(set) var notificationAuthorization: NotificationAuthorization?
    public var isConfirmingAccountDeletion = false
    /// Set once the account and every record are gone, for the app to return to onboarding.
    public private(set) var accountDeleted = false
    /// Said once the account is gone when its Sign in with Apple link could not be ended by the
    /// backend: where the person removes it themselves.
    public private(set) var deletionNote: String?
    /// Whether a backend session is kept: deleting then reaches the server too.
    public private(set) var isSignedIn = false
    /// The sync server row: what the field holds, and what was said about it.
    public var serverAddress = ""
    public private(set) var serverMessage: String?
    /// "Write to Apple Health" is on (always off where this device does not write to Health).
    public private(set) var isWritingToHealth = false
    /// Turned off: asks whether to remove what Waterline wrote.
    public var isConfirmingHealthRemoval = false
    /// Whether this device can write to Health at all (the phone, with HealthKit).
    public var offersHealth: Bool { health != nil }

    @ObservationIgnored private let actions: any SessionActions
    @ObservationIgnored private let account: (any AccountActions)?
    @ObservationIgnored private let permissions: any NotificationPermissions
    @ObservationIgnored private let backend: (any BackendChoosing)?
    @ObservationIgnored private let health: (any HealthSwitch)?
    /// Settings edited here and not saved yet: shown at once, so a second tap of a stepper
    /// counts from the first, and kept over what the change feed brings until saved.
    @ObservationIgnored private let preferences: any DevicePreferences
    @ObservationIgnored private var unsaved: UserSettings?
    @ObservationIgnored private var saving: Task<Void, Never>?

    /// Settings refresh whenever the store changes anywhere (another device's settings arrive by a pull).
    public init(
        actions: any SessionActions, account: (any AccountActions)?, permissions: any NotificationPermissions,
        preferences: any DevicePreferences, backend: (any BackendChoosing)? = nil, health: (any HealthSwitch)? = nil
    ) {
        self.actions = actions
        self.account = account
        self.permissions = permissions
        self.preferences = preferences
        self.backend = backend
        self.health = health
        serverAddress = backend?.backendURL?.absoluteString ?? ""
        actions.screenUpdates.observe { [weak self] change in
            guard let self else { return false }
            self.show(change.state)
            return true
        }
    }

    /// The first row under Reminders, whatever the person answered (or skipped).
    public var notificationRow: NotificationSettingsRow? {
        notificationAuthorization.map(NotificationSettingsRow.init)
    }

    /// The screen appeared, or the app came back to it (perhaps from the system's Settings).
    public func appeared() async {
        await perform { show(try await actions.reader.currentState()) }
        isSignedIn = await account?.isSignedIn() ?? false
        notificationAuthorization = await permissions.notificationAuthorization()
        isWritingToHealth = await health?.isOn ?? false
    }

    // MARK: Apple Health

    /// The "Write to Apple Health" switch: on asks the system (a refusal says where to allow it);
    /// off stops writing and asks whether to remove what was written.
    public func healthToggled(on: Bool) async {
        guard let health else { return }
        if on {
            isWritingToHealth = await health.turnOn()
            guard isWritingToHealth else { return errorMessage = KitText.string(KitStrings.healthNotAllowed) }
            // One kind allowed and not the other: what is allowed is written, the rest is said.
            errorMessage = switch await health.refusedKinds() {
            case [.alcoholicBeverages]: KitText.string(KitStrings.healthDrinksNotAllowed)
            case [.dietaryWater]: KitText.string(KitStrings.healthWaterNotAllowed)
            default: nil
            }
        } else {
            await perform { try await health.turnOff(removing: false) }
            isWritingToHealth = false
            isConfirmingHealthRemoval = true
        }
    }

    /// The answer to "Remove what Waterline wrote to Health?".
    public func healthRemovalAnswered(remove: Bool) async {
        isConfirmingHealthRemoval = false
        guard remove, let health else { return }
        await perform { try await health.turnOff(removing: true) }
    }

    // MARK: Sync server

    /// Whether sync can happen at all: a server is set (by the build, or here). Without one the
    /// screen says sync is off and offers no sign-in; the data stays on this device.
    public var isSyncAvailable: Bool { backend?.backendURL != nil }

    /// "Sync is off: no server is set", or where it syncs.
    public var syncServerStatus: String {
        guard let url = backend?.backendURL else { return KitText.string(KitStrings.syncOff) }
        return KitText.string(KitStrings.syncServer, .text(url.host ?? url.absoluteString))
    }

    /// What Advanced › Self-hosting shows beside its name: the server's host, or "Off".
    public var syncServerName: String {
        guard let url = backend?.backendURL else { return KitText.string(KitStrings.syncOffShort) }
        return url.host ?? url.absoluteString
    }

    /// "Use This Server": the address is checked (https; http to this device only in a development
    /// build) and kept; sync goes there from the next call.
    public func serverAddressSubmitted() {
        guard let backend else { return }
        do {
            let url = try BackendAddress.parse(serverAddress, allowsLoopbackHTTP: backend.allowsLoopbackHTTP)
            backend.chooseBackend(url)
            serverAddress = url.absoluteString
            serverMessage = syncServerStatus
        } catch {
            serverMessage = KitText.string(KitStrings.syncServerInvalid)
        }
    }

    /// "Use the App's Server": back to the build's address (or none).
    public func serverAddressReset() {
        backend?.chooseBackend(nil)
        serverAddress = backend?.backendURL?.absoluteString ?? ""
        serverMessage = syncServerStatus
    }

    /// "Turn on notifications" on a row that was never answered: the system's question.
    public func notificationRowTapped() async {
        guard notificationRow?.action == .ask else { return }
        notificationAuthorization = await permissions.askForNotifications()
    }

    /// What "Delete Everything" removes, said plainly: signed out, it cannot reach the server.
    public var deletionWarning: String {
        KitText.string(isSignedIn ? KitStrings.deleteSignedIn : KitStrings.deleteSignedOut)
    }

    /// "Water: 250 ml", in the person's units.
    public var defaultWaterText: String {
        KitText.string(KitStrings.waterAmount, .text(VolumeConversion.format(ounces: settings.waterGlassOz, in: settings.units)))
    }

    /// The default-water stepper: whole ounces, or round millilitres (`VolumeStep.water`).
    public func defaultWaterStepped(up: Bool) async {
        settingChanged(\.defaultWaterAmountOz, to: VolumeStep.water.next(from: settings.waterGlassOz, up: up, units: settings.units))
        await saved()
    }

    /// One control changed one setting, at once (a stepper's binding calls this as it is tapped):
    /// shown now, so a quick second tap counts from it, then saved; taps made while a save runs are
    /// saved after it, the latest last.
    public func settingChanged<Value>(_ setting: WritableKeyPath<UserSettings, Value>, to value: Value) {
        var edited = settings
        edited[keyPath: setting] = value
        edit(edited)
    }

    /// Any control changed: the edited settings are shown at once and saved if valid; a refusal
    /// says why and the saved settings come back. Returns once saved.
    public func settingsEdited(_ edited: UserSettings) async {
        edit(edited)
        await saved()
    }

    /// Returns once every edit made so far is saved (or refused).
    public func saved() async {
        while let saving { await saving.value }
    }

    private func edit(_ edited: UserSettings) {
        settings = edited
        unsaved = edited
        guard saving == nil else { return }
        saving = Task { [weak self] in
            await self?.saveEdits()
            self?.saving = nil
        }
    }

    private func saveEdits() async {
        while let next = unsaved {
            if let refusal = await ScreenMessage.attempt({ try await actions.send(.updateSettings(next)) }) {
                unsaved = nil
                if let state = try? await actions.reader.currentState() { show(state) }
                errorMessage = refusal
                return
            }
            errorMessage = nil
            if unsaved == next { unsaved = nil }
        }
    }

    public func presetAdded(name: String, drinkType: DrinkType, sizeOz: Double, abv: Double?, estimate: Double?) async {
        await perform { try await actions.send(.addPreset(PresetDraft(name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv, estimate: estimate))) }
    }

    public func presetEdited(_ preset: DrinkPreset) async {
        await perform { try await actions.send(.editPreset(preset)) }
    }

    /// "1.5 std", in the person's language.
    public func estimateText(for preset: DrinkPreset) -> String {
        KitText.string(KitStrings.presetEstimate, .text(WaterlineFormat.value(preset.standardDrinkEstimate)))
    }

    /// Under the presets: the first is the quick drink.
    public var quickDrinkNote: String { KitText.string(KitStrings.presetQuickDrink) }

    /// The list was dragged: the presets at `offsets` now stand before the one at `destination`
    /// (as SwiftUI's `onMove` reports it).
    public func presetsMoved(from offsets: IndexSet, to destination: Int) async {
        let moving = offsets.sorted().filter { presets.indices.contains($0) }.map { presets[$0] }
        guard !moving.isEmpty, (0...presets.count).contains(destination) else { return }
        let before = presets[..<destination].filter { preset in !moving.contains { $0.id == preset.id } }
        let after = presets[destination...].filter { preset in !moving.contains { $0.id == preset.id } }
        await perform { try await actions.send(.reorderPresets((before + moving + after).map(\.id))) }
    }

    /// "Make Quick Drink" on a preset: it goes first.
    public func presetMadeQuick(_ preset: DrinkPreset) async {
        await perform { try await actions.send(.reorderPresets([preset.id])) }
    }

    public func presetDeleted(_ preset: DrinkPreset) async {
        await perform { try await actions.send(.deletePreset(id: preset.id)) }
    }

    public func signOutTapped() async {
        await perform { try await account?.signOut() }
        isSignedIn = await account?.isSignedIn() ?? false
    }

    public func deleteAccountTapped() {
        isConfirmingAccountDeletion = true
    }

    /// Deletes the account remotely (when signed in), then everything on the device; then Health
    /// stops, and with `removingHealthData` (the confirmation offers it while Health is on) what
    /// Waterline wrote to Apple Health goes too. Nothing is touched when the deletion is refused
    /// (offline, an expired sign-in): the account, the data and Health stay as they were. Health's
    /// data that could not be removed after the deletion is said plainly.
    public func deleteAccountConfirmed(removingHealthData: Bool = false) async {
        isConfirmingAccountDeletion = false
        await perform {
            if let account {
                let revocation = try await account.deleteAccount()
                deletionNote = revocation?.needsThePerson == true ? KitText.string(KitStrings.appleLinkLeft) : nil
            } else {
                try await actions.send(.deleteAllData)
            }
            // The next launch starts at onboarding, with nothing of the person remembered.
            preferences.hasFinishedOnboarding = false
            preferences.keptGoingAt = nil
            accountDeleted = true
        }
        guard accountDeleted, let health, isWritingToHealth || removingHealthData else { return }
        isWritingToHealth = false
        do {
            try await health.turnOff(removing: removingHealthData)
        } catch {
            deletionNote = KitText.string(KitStrings.healthNotRemoved)
        }
    }

    private func show(_ state: DeviceState) {
        settings = unsaved ?? state.settings
        presets = state.presets
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
