import Foundation
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

/// HealthKit raises NSInvalidArgumentException on invalid authorization requests; OpenHealthKit traps.
@Suite struct AuthorizationTrapTests {
    @Test func anEmptyRequestTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            store.requestAuthorization(toShare: nil, read: []) { _, _ in }
        }
    }

    @Test func sharingAClinicalTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            try await store.requestAuthorization(toShare: [HKClinicalType(.immunizationRecord)], read: [])
        }
    }

    @Test func sharingASystemComputedTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            try await store.requestAuthorization(toShare: [HKCategoryType(.appleStandHour)], read: [])
        }
    }

    @Test func aCorrelationTypeInTheReadSetTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            _ = try await store.statusForAuthorizationRequest(toShare: [], read: [HKCorrelationType(.bloodPressure)])
        }
    }

    @Test func declaringTwoRequiredClinicalTypesTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try StoreFixture.store()
            store.setRequiredReadAuthorizationTypes([HKClinicalType(.allergyRecord), HKClinicalType(.conditionRecord)])
        }
    }

    @Test func theMessagesAreHealthKits() async throws {
        let store = try StoreFixture.store()
        await #expect { try await store.checkedRequestAuthorization(toShare: [], read: []) } throws: { error in
            (error as? HKError)?.localizedDescription == "Must request authorization for at least one data type"
        }
        await #expect {
            try await store.checkedRequestAuthorization(
                toShare: [HKClinicalType(.immunizationRecord), HKCorrelationType(.bloodPressure)], read: [])
        } throws: { error in
            (error as? HKError)?.localizedDescription == "Authorization to share the following types is disallowed: "
                + "HKClinicalTypeIdentifierImmunizationRecord, HKCorrelationTypeIdentifierBloodPressure"
        }
    }
}
