import Foundation
import HealthKitModel
import Testing

/// The Swift overlay initializers and unrestricted duration accessors trap, as HealthKit raises.
@Suite("Type traps like NSInvalidArgumentException")
struct TypesTrapTests {
    @Test("HKQuantityType(_:) traps on an unknown identifier")
    func unknownQuantity() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantityType(HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBogus"))
        }
    }

    @Test("HKCategoryType(_:) traps on an unknown identifier")
    func unknownCategory() async {
        await #expect(processExitsWith: .failure) {
            _ = HKCategoryType(HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBogus"))
        }
    }

    @Test("maximumAllowedDuration traps when the duration is not restricted")
    func unrestrictedDuration() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantityType(.stepCount).maximumAllowedDuration
        }
    }
}
