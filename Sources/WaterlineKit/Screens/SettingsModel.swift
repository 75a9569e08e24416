import Foundation
import Observation

/// Settings: every change is validated and saved at once, re-planning a running session.
@Observable
@MainActor
public final class SettingsModel {
    public private(set) var settings = UserSettings()
    public private(set) var presets: [DrinkPreset] = []
    public private(set) var errorMessage: String?
    /// Whether the system allows notifications; nil until asked.
    public var notificationsAllowed: Bool?
    public var isConfirmingAccountDeletion = false
    /// Set once the account and every record are gone, for the app to return to onboarding.
    public private(set) var accountDeleted = false
    /// Whether a backend session is kept: deleting then reaches the server too.
    public private(set) var isSignedIn = false

    private let service: SessionService
    private let effects: any SessionEffectHandler
    private let auth: AuthClient?

    public init(service: SessionService, effects: any SessionEffectHandler, auth: AuthClient?) {
        self.service = service
        self.effects = effects
        self.auth = auth
    }

    /// The row under Reminders when the system said no.
    public var notificationsDisabledText: String? {
        notificationsAllowed == false ? KitText.string(KitStrings.notificationsDisabled) : nil
    }

    public func appeared() async {
        await perform {
            settings = try await service.settings()
            presets = try await service.presets()
        }
        isSignedIn = await auth?.isSignedIn() ?? false
    }

    /// What "Delete Everything" removes, said plainly: signed out, it cannot reach the server.
    public var deletionWarning: String {
        KitText.string(isSignedIn ? KitStrings.deleteSignedIn : KitStrings.deleteSignedOut)
    }

    /// "Water: 250 ml", in the person's units.
    public var defaultWaterText: String {
        KitText.string(KitStrings.waterAmount, .text(VolumeConversion.format(ounces: settings.defaultWaterAmountOz, in: settings.units)))
    }

    /// The default-water stepper: whole ounces, or round millilitres (`VolumeStep.water`).
    public func defaultWaterStepped(up: Bool) async {
        var edited = settings
        edited.defaultWaterAmountOz = VolumeStep.water.next(from: settings.defaultWaterAmountOz, up: up, units: settings.units)
        await settingsEdited(edited)
    }

    /// Any control changed: the edited settings are saved if valid and otherwise refused.
    public func settingsEdited(_ edited: UserSettings) async {
        await perform {
            if let update = try await service.updateSettings(edited) {
                await effects.perform(update.effects)
            }
            settings = try await service.settings()
        }
    }

    public func presetAdded(name: String, drinkType: DrinkType, sizeOz: Double, abv: Double?, estimate: Double?) async {
        await perform {
            _ = try await service.addPreset(name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv, estimate: estimate)
            presets = try await service.presets()
        }
    }

    public func presetEdited(_ preset: DrinkPreset) async {
        await perform {
            _ = try await service.updatePreset(preset)
            presets = try await service.presets()
        }
    }

    public func presetDeleted(_ preset: DrinkPreset) async {
        await perform {
            try await service.deletePreset(id: preset.id)
            presets = try await service.presets()
        }
    }

    public func signOutTapped() async {
        await perform { try await auth?.signOut() }
        isSignedIn = await auth?.isSignedIn() ?? false
    }

    public func deleteAccountTapped() {
        isConfirmingAccountDeletion = true
    }

    /// Deletes the account remotely (when signed in), then everything on the device.
    public func deleteAccountConfirmed() async {
        isConfirmingAccountDeletion = false
        await perform {
            let stopped: [SessionEffect]
            if let auth {
                stopped = try await auth.deleteAccount(wipingLocalWith: service)
            } else {
                stopped = try await service.deleteAllData()
            }
            await effects.perform(stopped)
            accountDeleted = true
        }
    }

    private func perform(_ body: () async throws -> Void) async {
        errorMessage = await ScreenMessage.attempt(body)
    }
}
