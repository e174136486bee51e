import Foundation
import Testing
import HealthUnits

/// HealthKit's trapping entry points stop the process (run in child processes via exit tests).
@Suite("Traps like NSInvalidArgumentException")
struct TrapTests {
    @Test("init(from:) traps on an unknown unit string")
    func badString() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit(from: "furlongs")
        }
    }

    @Test("doubleValue(for:) traps on incompatible units")
    func incompatible() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantity(unit: .count(), doubleValue: 1).doubleValue(for: .gram())
        }
    }

    @Test("compare(_:) traps on incompatible units")
    func compareIncompatible() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantity(unit: .count(), doubleValue: 1).compare(HKQuantity(unit: .meter(), doubleValue: 1))
        }
    }

    @Test("formatter bridges trap on an unmapped unit")
    func unmappedFormatter() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit.massFormatterUnit(from: .meter())
        }
    }
}
