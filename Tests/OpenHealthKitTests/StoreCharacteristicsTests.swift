import Foundation
import OpenHealthKit
import HealthDatabaseSQLite
import Testing

@Suite struct StoreCharacteristicsTests {
    typealias F = StoreFixture

    static let characteristicTypes: Set<HKObjectType> = Set(HKObjectType.allCharacteristicTypes)

    @Test func readingNeedsAReadDecision() throws {
        let store = try F.store()
        #expect(throws: HKError.self) { try store.biologicalSex() }
        #expect(throws: HKError.self) { try store.dateOfBirthComponents() }
    }

    @Test func theOwnerReadsWithoutARequest() throws {
        let store = HKHealthStore.owner(storage: try SQLiteHealthStorage.inMemory())
        try store.setCharacteristic(HKBloodType.oPositive)
        try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 4, day: 2))
        #expect(try store.bloodType().bloodType == .oPositive)
        #expect(try store.dateOfBirthComponents().year == 1990)
        #expect(try store.biologicalSex().biologicalSex == .notSet)
    }

    @Test func allowedAppsReadWhatThePersonSet() async throws {
        let store = try F.store()
        try store.setCharacteristic(HKBiologicalSex.female)
        try store.setCharacteristic(HKBloodType.abNegative)
        try store.setCharacteristic(HKFitzpatrickSkinType.III)
        try store.setCharacteristic(HKWheelchairUse.no)
        try store.setCharacteristic(HKActivityMoveMode.appleMoveTime)
        try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 4, day: 2))
        try await store.requestAuthorization(toShare: [], read: Self.characteristicTypes)
        #expect(try store.biologicalSex().biologicalSex == .female)
        #expect(try store.bloodType().bloodType == .abNegative)
        #expect(try store.fitzpatrickSkinType().skinType == .III)
        #expect(try store.wheelchairUse().wheelchairUse == .no)
        #expect(try store.activityMoveMode().activityMoveMode == .appleMoveTime)
        let birth = try store.dateOfBirthComponents()
        #expect([birth.year, birth.month, birth.day] == [1990, 4, 2])
    }

    @Test func deniedAppsSeeNothingSet() async throws {
        let store = try F.store(prompt: FixedAuthorizationPrompt(allows: false))
        try store.setCharacteristic(HKBloodType.oPositive)
        try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 4, day: 2))
        try await store.requestAuthorization(toShare: [], read: Self.characteristicTypes)
        #expect(try store.bloodType().bloodType == .notSet)
        #expect(try store.dateOfBirthComponents().year == nil)
        #expect(try store.activityMoveMode().activityMoveMode == .activeEnergy)
        #expect(try store.storedCharacteristic(HKBloodType.self) == .oPositive)
    }

    @Test func anImpossibleDateOfBirthIsInvalid() throws {
        let store = try F.store()
        #expect(throws: HKError.self) { try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 2, day: 30)) }
        try store.setDateOfBirthComponents(nil)
        #expect(try store.storedDateOfBirthComponents() == nil)
    }
}
