public import Foundation
import HealthDatabase

extension Notification.Name {
    /// Posted when the person's preferred units change (HealthKit's `HKUserPreferencesDidChange`).
    public static let HKUserPreferencesDidChange = Notification.Name("HKUserPreferencesDidChangeNotification")
}

// Preferred units: the person's choice for a type, else the default of the store's locale.
extension HKHealthStore {
    /// The settings key of the store's locale identifier (`en_US`), which decides default units.
    static let localeSettingKey = "preferences.locale"

    private static func unitSettingKey(_ type: HKQuantityType) -> String { "preferences.unit.\(type.identifier)" }

    /// Sets (or with `nil` clears) the person's unit for `type` and posts `HKUserPreferencesDidChange`.
    ///
    /// OpenHealthKit extension (the Health app's unit setting). Throws ``HKError/Code/errorInvalidArgument``
    /// when `unit` is not compatible with the type.
    public func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) throws {
        if let unit, !type.is(compatibleWith: unit) {
            throw HKError.invalidArgument("\(unit.unitString) is not compatible with \(type.identifier)")
        }
        do { try storage().setSetting(Self.unitSettingKey(type), to: unit?.unitString) } catch { throw HKError.from(error) }
        NotificationCenter.default.post(name: .HKUserPreferencesDidChange, object: self)
    }

    /// Sets (or with `nil` clears, falling back to the process locale) the locale whose measurement system
    /// decides default units, and posts `HKUserPreferencesDidChange` (OpenHealthKit extension).
    public func setPreferredUnitsLocale(_ locale: Locale?) throws {
        do { try storage().setSetting(Self.localeSettingKey, to: locale?.identifier) } catch { throw HKError.from(error) }
        NotificationCenter.default.post(name: .HKUserPreferencesDidChange, object: self)
    }

    /// The preferred units of `types`, as ``preferredUnits(for:completion:)`` describes.
    func units(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        let storage = try storage()
        let decisions = try decisions(in: storage)
        // The person's own access (``owner(databasePath:)``) needs no decisions, as for reading and writing.
        let undecided = isOwner ? [] : types.filter { decisions.share[$0.identifier] == nil && decisions.read[$0.identifier] == nil }
        if !undecided.isEmpty {
            let names = undecided.map(\.identifier).sorted().joined(separator: ", ")
            throw HKError(.errorAuthorizationNotDetermined, "Authorization is not determined for \(names)")
        }
        let locale = try storage.setting(Self.localeSettingKey).map(Locale.init(identifier:)) ?? PreferredUnitTable.defaultLocale()
        let system = PreferredUnitTable.System(locale)
        var units: [HKQuantityType: HKUnit] = [:]
        for type in types {
            let chosen = try storage.setting(Self.unitSettingKey(type)).flatMap { try? HKUnit.checked(from: $0) }
            units[type] = chosen ?? PreferredUnitTable.unit(for: type, in: system)
        }
        return units
    }
}
