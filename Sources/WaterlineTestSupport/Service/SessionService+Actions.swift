import Foundation
import WaterlineCore
import WaterlineAPI
import WaterlineStorage
import WaterlineRuntime

/// Tests set sessions up straight through the service, one call per action; the app never does
/// (it goes through the runtime's one door).
extension SessionService {
    @discardableResult
    public func prepare(settings: UserSettings? = nil) async throws -> ActionResult {
        try await perform(.prepare(settings))
    }

    @discardableResult
    public func startSession() async throws -> ActionResult {
        try await perform(.startSession)
    }

    /// The one-tap log of a widget, the Live Activity, a notification or the watch.
    @discardableResult
    public func quickLog(
        _ type: LogType, presetId: UUID? = nil, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil
    ) async throws -> ActionResult {
        switch type {
        case .water: try await perform(.logWater(source: source, id: id, at: timestamp))
        case .alcohol: try await perform(.logDrink(presetId.map(DrinkInput.preset) ?? .quick, source: source, id: id, at: timestamp))
        }
    }

    @discardableResult
    public func logDrink(_ input: DrinkInput, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil) async throws -> ActionResult {
        try await perform(.logDrink(input, source: source, id: id, at: timestamp))
    }

    @discardableResult
    public func logWater(amountOz: Double? = nil, source: LogSource, id: UUID? = nil, at timestamp: Date? = nil) async throws -> ActionResult {
        try await perform(.logWater(amountOz: amountOz, source: source, id: id, at: timestamp))
    }

    @discardableResult
    public func editLog(_ log: LogEntry) async throws -> ActionResult {
        try await perform(.editLog(log))
    }

    @discardableResult
    public func deleteLog(id: UUID) async throws -> ActionResult {
        try await perform(.deleteLog(id: id))
    }

    @discardableResult
    public func endSession() async throws -> ActionResult {
        try await perform(.endSession())
    }

    @discardableResult
    public func updateSettings(_ settings: UserSettings) async throws -> ActionResult {
        try await perform(.updateSettings(settings))
    }

    @discardableResult
    public func addPreset(name: String, drinkType: DrinkType, sizeOz: Double, abv: Double? = nil, estimate: Double? = nil) async throws -> DrinkPreset {
        let result = try await perform(.addPreset(PresetDraft(name: name, drinkType: drinkType, sizeOz: sizeOz, abv: abv, estimate: estimate)))
        guard let preset = result.preset else { throw SessionServiceError.invalid(.missing(field: "preset")) }
        return preset
    }

    @discardableResult
    public func updatePreset(_ preset: DrinkPreset) async throws -> DrinkPreset {
        let result = try await perform(.editPreset(preset))
        guard let edited = result.preset else { throw SessionServiceError.unknownPreset(preset.id) }
        return edited
    }

    @discardableResult
    public func deletePreset(id: UUID) async throws -> ActionResult {
        try await perform(.deletePreset(id: id))
    }

    @discardableResult
    public func deletePastSession(id: UUID) async throws -> ActionResult {
        try await perform(.deletePastSession(id: id))
    }

    @discardableResult
    public func deleteAllData() async throws -> ActionResult {
        try await perform(.deleteAllData)
    }
}

extension ActionResult {
    /// The session the action was about; a test that expects one fails plainly without it.
    public var snapshot: SessionSnapshot {
        get throws {
            guard let session else { throw SessionServiceError.noActiveSession }
            return session
        }
    }
}
