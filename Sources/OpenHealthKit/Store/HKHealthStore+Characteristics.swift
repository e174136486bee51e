import Foundation
import HealthDatabase

// HealthKit's characteristic readers. Reading needs read authorization for the characteristic type:
// never asked throws errorAuthorizationNotDetermined; denied reads as "not set", invisible as always.
// The owner's store (`HKHealthStore.owner`) reads them as it reads every sample, without a request.
extension HKHealthStore {
    /// The date of birth (Gregorian year, month, day); empty components when not set or not readable.
    public func dateOfBirthComponents() throws -> DateComponents {
        try readCharacteristic(.dateOfBirth) { try CharacteristicSettings.dateOfBirth(in: $0) } ?? DateComponents()
    }

    /// The biological sex; `.notSet` when not set or not readable.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(biologicalSex: try stored(.biologicalSex) ?? .notSet)
    }

    /// The blood type; `.notSet` when not set or not readable.
    public func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(bloodType: try stored(.bloodType) ?? .notSet)
    }

    /// The Fitzpatrick skin type; `.notSet` when not set or not readable.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(skinType: try stored(.fitzpatrickSkinType) ?? .notSet)
    }

    /// Whether the person uses a wheelchair; `.notSet` when not set or not readable.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(wheelchairUse: try stored(.wheelchairUse) ?? .notSet)
    }

    /// The Activity move mode; `.activeEnergy` (HealthKit's default) when not set or not readable.
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(activityMoveMode: try stored(.activityMoveMode) ?? .activeEnergy)
    }

    private func stored<Value: HKCharacteristicExportValue>(_ identifier: HKCharacteristicTypeIdentifier) throws -> Value? {
        try readCharacteristic(identifier) { try CharacteristicSettings.value(Value.self, in: $0) }
    }

    /// `read(storage)` when the app may read `identifier`; `nil` when denied; throws when undecided.
    private func readCharacteristic<Value>(
        _ identifier: HKCharacteristicTypeIdentifier, _ read: (any HealthStorage) throws -> Value?
    ) throws -> Value? {
        do {
            let storage = try storage()
            let decisions = try decisions(in: storage)
            switch decisions.allowsEverything ? true : decisions.read[identifier.rawValue] {
            case nil:
                throw HKError(.errorAuthorizationNotDetermined, "Authorization is not determined for \(identifier.rawValue)")
            case false?: return nil
            case true?: return try read(storage)
            }
        } catch {
            throw HKError.from(error)
        }
    }
}
