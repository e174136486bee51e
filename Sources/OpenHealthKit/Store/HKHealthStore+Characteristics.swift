import Foundation
import HealthDatabase

// What HealthKit's characteristic readers (declared on HKHealthStore) do. Reading needs read authorization for the characteristic type:
// never asked throws errorAuthorizationNotDetermined; denied reads as "not set", invisible as always.
// The owner's store (`HKHealthStore.owner`) reads them as it reads every sample, without a request.
extension HKHealthStore {
    /// The stored value of the characteristic `identifier`, when the app may read it.
    func storedCharacteristic<Value: CharacteristicExportValue>(_ identifier: HKCharacteristicTypeIdentifier) throws -> Value? {
        try readCharacteristic(identifier) { try CharacteristicSettings.value(Value.self, in: $0) }
    }

    /// The start of the birthday `components` names, in the Gregorian calendar of the current time zone (the deprecated
    /// `dateOfBirth()`); ``HKError/Code/errorNoData`` when no date of birth is set.
    static func date(ofBirth components: DateComponents) throws(HKError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        guard components.year != nil, components.month != nil, components.day != nil,
              let date = calendar.date(from: DateComponents(era: components.era, year: components.year,
                                                            month: components.month, day: components.day)) else {
            throw HKError(.errorNoData, "No date of birth is set")
        }
        return date
    }

    /// `read(storage)` when the app may read `identifier`; `nil` when denied; throws when undecided.
    func readCharacteristic<Value>(
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
