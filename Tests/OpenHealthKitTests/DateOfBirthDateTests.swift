import Foundation
import OpenHealthKit
import HealthDatabaseSQLite
import Testing

/// `dateOfBirth()`, HealthKit's pre-iOS 10 reader, over the date of birth the person set.
@Suite struct DateOfBirthDateTests {
    typealias F = StoreFixture

    @Test @available(*, deprecated, message: "uses dateOfBirth(), deprecated in HealthKit")
    func theBirthdayStartsAtMidnightInTheCurrentTimeZone() async throws {
        let store = try F.store()
        try store.setDateOfBirthComponents(DateComponents(year: 1990, month: 4, day: 2))
        try await store.requestAuthorization(toShare: [], read: [HKCharacteristicType(.dateOfBirth)])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = try store.dateOfBirth()
        #expect(calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            == DateComponents(year: 1990, month: 4, day: 2, hour: 0, minute: 0))
    }

    @Test @available(*, deprecated, message: "uses dateOfBirth(), deprecated in HealthKit")
    func noDateOfBirthThrowsNoData() async throws {
        let store = try F.store()
        #expect(throws: HKError.self) { try store.dateOfBirth() }   // never asked: not determined
        try await store.requestAuthorization(toShare: [], read: [HKCharacteristicType(.dateOfBirth)])
        #expect { try store.dateOfBirth() } throws: { ($0 as? HKError)?.code == .errorNoData }
        let denied = try F.store(prompt: HKFixedAuthorizationPrompt(allows: false))
        try denied.setDateOfBirthComponents(DateComponents(year: 1990, month: 4, day: 2))
        try await denied.requestAuthorization(toShare: [], read: [HKCharacteristicType(.dateOfBirth)])
        #expect { try denied.dateOfBirth() } throws: { ($0 as? HKError)?.code == .errorNoData }
    }
}
