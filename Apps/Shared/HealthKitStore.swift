#if canImport(HealthKit) && os(iOS)
import Foundation
import HealthKit
import WaterlineCore

/// Apple Health through HealthKit: Waterline writes dietary water and "number of alcoholic
/// beverages" samples, each with its log's sync identifier and version, and reads nothing. Not
/// main-actor: HealthKit answers on its own queue, and every callback here is `@Sendable`.
public final class HealthKitStore: HealthStoreWriting, Sendable {
    private let store = HKHealthStore()

    public init() {}

    private static var water: HKQuantityType { HKQuantityType(.dietaryWater) }
    private static var drinks: HKQuantityType { HKQuantityType(.numberOfAlcoholicBeverages) }

    public func requestWriting() async -> Set<HealthSample.Kind> {
        guard HKHealthStore.isHealthDataAvailable() else { return [] }
        do {
            try await store.requestAuthorization(toShare: [Self.water, Self.drinks], read: [])
        } catch {
            return []
        }
        return await allowedKinds()
    }

    public func allowedKinds() async -> Set<HealthSample.Kind> {
        guard HKHealthStore.isHealthDataAvailable() else { return [] }
        return Set(HealthSample.Kind.allCases.filter { store.authorizationStatus(for: Self.quantityType($0)) == .sharingAuthorized })
    }

    private static func quantityType(_ kind: HealthSample.Kind) -> HKQuantityType {
        switch kind {
        case .dietaryWater: water
        case .alcoholicBeverages: drinks
        }
    }

    public func save(_ samples: [HealthSample]) async throws {
        let objects: [HKObject] = samples.map { sample in
            let (type, quantity) = switch sample.kind {
            case .dietaryWater: (Self.water, HKQuantity(unit: .literUnit(with: .milli), doubleValue: sample.value))
            case .alcoholicBeverages: (Self.drinks, HKQuantity(unit: .count(), doubleValue: sample.value))
            }
            return HKQuantitySample(
                type: type, quantity: quantity, start: sample.date, end: sample.date,
                metadata: [HKMetadataKeySyncIdentifier: sample.syncIdentifier, HKMetadataKeySyncVersion: NSNumber(value: sample.syncVersion)]
            )
        }
        try await store.save(objects)
    }

    public func delete(syncIdentifiers: [String]) async throws {
        let predicate = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeySyncIdentifier, allowedValues: syncIdentifiers)
        // Only the kinds it may write: HealthKit refuses the others, and holds nothing of them from Waterline.
        for kind in await allowedKinds() { try await deleteObjects(of: Self.quantityType(kind), matching: predicate) }
    }

    public func deleteEverythingWritten() async throws {
        let mine = HKQuery.predicateForObjects(from: HKSource.default())
        for kind in await allowedKinds() { try await deleteObjects(of: Self.quantityType(kind), matching: mine) }
    }

    private func deleteObjects(of type: HKQuantityType, matching predicate: NSPredicate) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            store.deleteObjects(of: type, predicate: predicate, withCompletion: { @Sendable _, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            })
        }
    }
}
#endif
