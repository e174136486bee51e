public import Foundation
import HealthDatabase

/// How characteristics are kept in the store's settings: `characteristic.<prefix>` holds the export.xml
/// spelling (`characteristic.HKBloodType` = `HKBloodTypeABPositive`), `characteristic.dateOfBirth` holds
/// `yyyy-MM-dd` (Gregorian).
enum CharacteristicSettings {
    static let dateOfBirthKey = "characteristic.dateOfBirth"

    static func key<Value: CharacteristicExportValue>(_: Value.Type) -> String { "characteristic.\(Value.exportPrefix)" }

    /// The stored value of `Value`, or `nil` when not set (or unreadable).
    static func value<Value: CharacteristicExportValue>(_: Value.Type, in storage: any HealthStorage) throws -> Value? {
        try storage.setting(key(Value.self)).flatMap(Value.init(exportString:))
    }

    /// The stored date of birth (year, month, day; Gregorian calendar), or `nil` when not set.
    static func dateOfBirth(in storage: any HealthStorage) throws -> DateComponents? {
        guard let text = try storage.setting(dateOfBirthKey) else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return DateComponents(calendar: Calendar(identifier: .gregorian), year: parts[0], month: parts[1], day: parts[2])
    }

    /// `yyyy-MM-dd` for `components`; throws ``HKError/Code/errorInvalidArgument`` unless they name a real day.
    static func text(forDateOfBirth components: DateComponents) throws -> String {
        let calendar = Calendar(identifier: .gregorian)
        guard let year = components.year, let month = components.month, let day = components.day,
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
        else {
            throw HKError.invalidArgument("A date of birth needs a valid year, month and day")
        }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

// OpenHealthKit extensions: the person's characteristics, which apps cannot write (the Health app sets
// them). These calls need no authorization: they are for the person's own tools (`health me`), not apps.
extension HKHealthStore {
    /// Sets a characteristic (biological sex, blood type, skin type, wheelchair use, move mode).
    ///
    /// OpenHealthKit extension; e.g. `try store.setCharacteristic(HKBloodType.abPositive)`.
    public func setCharacteristic<Value: CharacteristicExportValue>(_ value: Value) throws {
        try requireNotGuest()
        do { try storage().setSetting(CharacteristicSettings.key(Value.self), to: value.exportString) }
        catch { throw HKError.from(error) }
    }

    /// Sets (or with `nil` removes) the date of birth: a Gregorian year, month and day.
    ///
    /// OpenHealthKit extension. Throws ``HKError/Code/errorInvalidArgument`` unless the components name a real day.
    public func setDateOfBirthComponents(_ components: DateComponents?) throws {
        try requireNotGuest()
        do { try storage().setSetting(CharacteristicSettings.dateOfBirthKey, to: components.map(CharacteristicSettings.text)) }
        catch { throw HKError.from(error) }
    }

    /// The stored value of a characteristic, or `nil` when not set, without authorization (OpenHealthKit extension).
    public func storedCharacteristic<Value: CharacteristicExportValue>(_ type: Value.Type) throws -> Value? {
        do { return try CharacteristicSettings.value(type, in: storage()) }
        catch { throw HKError.from(error) }
    }

    /// The stored date of birth, or `nil` when not set, without authorization (OpenHealthKit extension).
    public func storedDateOfBirthComponents() throws -> DateComponents? {
        do { return try CharacteristicSettings.dateOfBirth(in: storage()) }
        catch { throw HKError.from(error) }
    }
}
