import Foundation
import HealthDatabaseSQLite
@testable import OpenHealthKit
import Testing

@Suite struct StorePreferredUnitsTests {
    typealias F = StoreFixture

    static let types: Set<HKQuantityType> = [
        F.bodyMass, HKQuantityType(.height), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.bodyTemperature),
        HKQuantityType(.activeEnergyBurned), F.heartRate, F.stepCount,
    ]

    static func units(locale: String) async throws -> [String: String] {
        let store = try F.store()
        try await store.requestAuthorization(toShare: [], read: Set(types.map { $0 as HKObjectType }))
        try store.setPreferredUnitsLocale(Locale(identifier: locale))
        let units = try await store.preferredUnits(for: types)
        return Dictionary(uniqueKeysWithValues: units.map { ($0.key.shortName, $0.value.unitString) })
    }

    @Test func usCustomaryUnits() async throws {
        let units = try await Self.units(locale: "en_US")
        #expect(units["bodyMass"] == "lb" && units["height"] == "in" && units["distanceWalkingRunning"] == "mi")
        #expect(units["bodyTemperature"] == "degF" && units["activeEnergyBurned"] == "kcal")
        #expect(units["heartRate"] == "count/min" && units["stepCount"] == "count")
    }

    @Test func metricUnits() async throws {
        let units = try await Self.units(locale: "de_DE")
        #expect(units["bodyMass"] == "kg" && units["height"] == "cm" && units["distanceWalkingRunning"] == "km")
        #expect(units["bodyTemperature"] == "degC")
    }

    @Test func britishBodyMassIsInStones() async throws {
        let units = try await Self.units(locale: "en_GB")
        #expect(units["bodyMass"] == "st" && units["distanceWalkingRunning"] == "mi" && units["bodyTemperature"] == "degC")
    }

    @Test func undecidedTypesAreAnError() async throws {
        let store = try F.store()
        await expectHKError(.errorAuthorizationNotDetermined) { _ = try await store.preferredUnits(for: [F.bodyMass]) }
    }

    @Test func thePersonsOwnAccessNeedsNoDecisions() async throws {
        let owner = HKHealthStore.owner(storage: try SQLiteHealthStorage.inMemory())
        try owner.setPreferredUnitsLocale(Locale(identifier: "de_DE"))
        let units = try await owner.preferredUnits(for: [F.bodyMass, F.heartRate])
        #expect(units[F.bodyMass]?.unitString == "kg")
        #expect(units[F.heartRate]?.unitString == "count/min")
    }

    @Test func thePersonsChoiceWins() async throws {
        let store = try F.store()
        try await store.requestAuthorization(toShare: [F.bodyMass], read: [])
        try store.setPreferredUnit(.gramUnit(with: .kilo), for: F.bodyMass)
        try store.setPreferredUnitsLocale(Locale(identifier: "en_US"))
        #expect(try await store.preferredUnits(for: [F.bodyMass])[F.bodyMass]?.unitString == "kg")
        #expect(throws: HKError.self) { try store.setPreferredUnit(.meter(), for: F.bodyMass) }
    }

    /// With no locale configured (a C or POSIX process, as CI machines run) preferred units are US customary, as
    /// for Apple's POSIX locale; a configured locale is followed.
    @Test func unconfiguredProcessesGetThePOSIXLocale() {
        for environment in [[:], ["LANG": "C.UTF-8"], ["LANG": "POSIX"], ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], ["LANG": ""]] {
            let locale = PreferredUnitTable.defaultLocale(environment: environment)
            #expect(locale.identifier == "en_US_POSIX", "\(environment)")
            #expect(PreferredUnitTable.System(locale) == .us, "\(environment)")
        }
        #expect(PreferredUnitTable.defaultLocale(environment: ["LANG": "de_DE.UTF-8"]) == .current)
        #expect(PreferredUnitTable.defaultLocale(environment: ["LC_MEASUREMENT": "en_GB.UTF-8", "LANG": "C"]) == .current)
    }
}
